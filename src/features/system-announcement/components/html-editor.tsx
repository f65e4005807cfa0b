import { useDeferredValue, useId, useMemo } from 'react';
import { Input } from 'antd';
import { sanitizeHtml } from '@/lib/sanitize-html.ts';
import './system-announcement.css';

/**
 * The content as HTML source beside a live preview of what readers will see (sanitised as when it
 * is shown). A stopgap until a rich-text editor is chosen; the server sanitises again on save.
 */
export function HtmlEditor({ id, value, onChange }: { id?: string; value?: string; onChange?: (value: string) => void }) {
  const previewId = useId();
  const deferred = useDeferredValue(value ?? '');
  const html = useMemo(() => sanitizeHtml(deferred), [deferred]);
  return (
    <div className="annt-editor">
      <Input.TextArea
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        rows={14}
        spellCheck={false}
        placeholder="请输入通告内容（HTML），例如 <p>各位同学：……</p>"
        className="annt-editor__source"
        aria-describedby={previewId}
      />
      <section className="annt-editor__preview" aria-labelledby={previewId}>
        <h4 id={previewId} className="annt-editor__preview-title">
          预览
        </h4>
        {html.trim() ? <div className="annt-html" dangerouslySetInnerHTML={{ __html: html }} /> : <div className="annt-html annt-editor__empty">输入内容后在此预览</div>}
      </section>
    </div>
  );
}
