import { ApiError } from '@/lib/api-client.ts';
import { notify } from './notification-store.ts';

/** A plain "success: false" answer is shown here; HTTP failures were shown by the client already. */
export function showFailure(error: unknown) {
  if (!(error instanceof ApiError && error.notified)) notify.warning(error instanceof Error ? error.message : '操作失败');
}

/** Sends a checked request; false when it did not go through (its failure shown once, by the client or here). */
export async function sent(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch (error) {
    showFailure(error);
    return false;
  }
}
