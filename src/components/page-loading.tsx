import './page-loading.css';

/** A loading state without a UI library, so it can show before any page chunk arrives. */
export function PageLoading({ text = '加载中' }: { text?: string }) {
  return (
    <div role="status" className="page-loading">
      <span className="page-loading__spinner" aria-hidden />
      {text}…
    </div>
  );
}
