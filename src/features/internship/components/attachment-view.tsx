import { useEffect, useRef, useState } from 'react';
import type { AttachmentMeta } from '@contract/internship.ts';
import { saveFile } from '@/components/import-modal/save-file.ts';
import { api } from '@/lib/api-client.ts';
import './attachment-view.css';

/**
 * A summary's attachments, for both layouts (no UI library). The files need the session's token, which
 * a plain <img src> or link cannot send: they come through the shared client as blobs and are shown
 * through object URLs, revoked when the view goes away.
 */

const fetchAttachment = (id: string, signal?: AbortSignal) =>
  api.get<Blob>(`/internship/attachments/${id}`, { responseType: 'blob', silent: true, signal }).then((response) => response.data);

const isImage = (a: AttachmentMeta) => a.mimeType.startsWith('image/');

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type BlobUrl = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed' };

/** An object URL for an attachment while the component is mounted (null id: none). */
export function useAttachmentUrl(id: string | null): BlobUrl {
  const [result, setResult] = useState<{ id: string | null; value: BlobUrl }>({ id, value: { state: 'loading' } });
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchAttachment(id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setResult({ id, value: { state: 'ready', url } });
      },
      () => {
        if (!controller.signal.aborted) setResult({ id, value: { state: 'failed' } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return result.id === id ? result.value : { state: 'loading' };
}

/** The picture at full size in a modal dialog (the top layer, above any drawer or popup). */
function ImageViewer({ url, name, onClose }: { url: string; name: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    // Kept inside the drawer's element, so its focus lock lets focus stay here; keys stop here too.
    <dialog
      ref={ref}
      className="attachment-view__viewer"
      aria-label={`查看图片：${name}`}
      onClose={onClose}
      onKeyDown={(event) => event.stopPropagation()}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <img src={url} alt={name} />
      <div className="attachment-view__viewer-bar">
        <span className="attachment-view__viewer-name">{name}</span>
        <button type="button" className="attachment-view__viewer-close" onClick={onClose}>
          关闭
        </button>
      </div>
    </dialog>
  );
}

function ImageThumb({ attachment }: { attachment: AttachmentMeta }) {
  const file = useAttachmentUrl(attachment.id);
  const [open, setOpen] = useState(false);
  const [undecodable, setUndecodable] = useState(false);
  if (undecodable) return <FileLink attachment={attachment} />;
  return (
    <li className="attachment-view__thumb">
      {file.state === 'ready' ? (
        <button type="button" className="attachment-view__thumb-button" aria-label={`查看图片：${attachment.fileName}`} onClick={() => setOpen(true)}>
          {/* HEIC and the like: the browser may not draw them, then they are offered as a download. */}
          <img src={file.url} alt={attachment.fileName} onError={() => setUndecodable(true)} />
        </button>
      ) : (
        <span className="attachment-view__thumb-placeholder" role={file.state === 'failed' ? 'alert' : 'status'}>
          {file.state === 'failed' ? '图片加载失败' : '加载中…'}
        </span>
      )}
      {open && file.state === 'ready' && <ImageViewer url={file.url} name={attachment.fileName} onClose={() => setOpen(false)} />}
    </li>
  );
}

/** A file that is downloaded when asked for (PDFs can be large): fetched with the token, saved under its own name. */
function FileLink({ attachment }: { attachment: AttachmentMeta }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const download = async () => {
    setState('loading');
    try {
      saveFile(await fetchAttachment(attachment.id), attachment.fileName);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <li className="attachment-view__file">
      <button type="button" className="attachment-view__file-button" onClick={download} disabled={state === 'loading'} aria-label={`下载附件：${attachment.fileName}`}>
        <span className="attachment-view__file-icon" aria-hidden>
          {attachment.mimeType === 'application/pdf' ? 'PDF' : '文件'}
        </span>
        <span className="attachment-view__file-name">{attachment.fileName}</span>
        <span className="attachment-view__file-size">{state === 'loading' ? '下载中…' : formatFileSize(attachment.size)}</span>
      </button>
      {state === 'failed' && (
        <span role="alert" className="attachment-view__file-error">
          下载失败，请重试
        </span>
      )}
    </li>
  );
}

/** Images as thumbnails (tap for full size), other files as download links. */
export function AttachmentView({ attachments, emptyText = '无附件' }: { attachments: AttachmentMeta[]; emptyText?: string }) {
  if (attachments.length === 0) return <p className="attachment-view__empty">{emptyText}</p>;
  const images = attachments.filter(isImage);
  const files = attachments.filter((a) => !isImage(a));
  return (
    <div className="attachment-view">
      {images.length > 0 && (
        <ul className="attachment-view__thumbs" aria-label="图片附件">
          {images.map((a) => (
            <ImageThumb key={a.id} attachment={a} />
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="attachment-view__files" aria-label="文件附件">
          {files.map((a) => (
            <FileLink key={a.id} attachment={a} />
          ))}
        </ul>
      )}
    </div>
  );
}
