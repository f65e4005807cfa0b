/** A menu page that shows another site inside the app. */
export function IframePage({ url, title }: { url: string; title: string }) {
  return <iframe src={url} title={title} style={{ width: '100%', minHeight: 'calc(100vh - 120px)', border: 0 }} />;
}
