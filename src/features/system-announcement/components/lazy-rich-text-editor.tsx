import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor.tsx';
import './system-announcement.css';

// Tiptap and ProseMirror in a chunk of their own, fetched when an announcement form first shows its content.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** The rich-text editor, with a quiet stand-in of its size while its chunk loads. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className={`annt-editor-loading annt-editor-loading--${props.variant ?? 'full'}`} role="status">
          编辑器加载中…
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
