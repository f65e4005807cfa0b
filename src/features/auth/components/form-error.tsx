import { ApiError } from '@/lib/api-client.ts';

/** The server's answer to a failed submit, shown next to the form (the notification may already be gone). */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError || error instanceof Error ? error.message : '操作失败，请稍后重试';
  return (
    <div role="alert" className="auth-error">
      {message}
    </div>
  );
}
