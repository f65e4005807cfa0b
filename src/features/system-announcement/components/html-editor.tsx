import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Alert, Input, Segmented } from 'antd';
import { sanitizeHtml } from '@/lib/sanitize-html.ts';
import { editorDropsFormatting } from '../utils/announcement-html.ts';
import { LazyRichTextEditor } from './lazy-rich-text-editor.tsx';
import './system-announcement.css';

type Mode = 'rich' | 'source';
const MODES = [
  { value: 'rich', label: '可视化编辑' },
  { value: 'source', label: 'HTML源码' },
] satisfies { value: Mode; label: string }[];

/** HTML源码: the content as source beside a live preview of what readers will see (sanitised as when it is shown). */
function SourceEditor({ id, value, onChange }: { id?: string; value?: string; onChange?: (value: string) => void }) {
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

/**
 * 内容 on desktop and tablet: the rich-text editor, or for an administrator who needs it the HTML
 * source. An announcement whose formatting the editor would lose (tables, colours from before the
 * editor) opens as source, and the editor warns while it would lose it. The server sanitises either.
 */
export function HtmlEditor({ id, value, onChange }: { id?: string; value?: string; onChange?: (value: string) => void }) {
  const [mode, setMode] = useState<Mode>(() => (editorDropsFormatting(value ?? '') ? 'source' : 'rich'));
  const losing = mode === 'rich' && editorDropsFormatting(value ?? '');
  // In the editor's toolbar while editing, above the source otherwise: always at the content's top right.
  const modes = <Segmented<Mode> size="small" options={MODES} value={mode} onChange={setMode} aria-label="编辑方式" />;
  return (
    <div className="annt-content">
      {losing ? <Alert type="warning" showIcon title="这条通告含有编辑器不能保留的格式（如表格、颜色、对齐），在此修改会丢失这些格式；如需保留，请在“HTML源码”中修改。" /> : null}
      {mode === 'rich' ? (
        <LazyRichTextEditor id={id} value={value} onChange={onChange} label="内容" variant="full" placeholder="请输入通告内容" extra={modes} />
      ) : (
        <>
          <div className="annt-content__bar">{modes}</div>
          <SourceEditor id={id} value={value} onChange={onChange} />
        </>
      )}
    </div>
  );
}
