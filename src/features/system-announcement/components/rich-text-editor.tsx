import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { LINK_ADDRESS, IMAGE_ADDRESS } from '../utils/announcement-html.ts';
import './rich-text-editor.css';

/**
 * The announcement's content as a rich-text editor (Tiptap on ProseMirror), for both layouts: plain
 * markup, no antd or antd-mobile, so the phone's form does not pull in the desktop's library. It is
 * loaded on its own (lazy-rich-text-editor.tsx) only when a form opens. The HTML it gives is what the
 * server sanitises before storing; an empty editor gives '' rather than <p></p>.
 */

export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  /** 'full' on desktop; 'simple' on the phone, where the toolbar has to fit one scrollable row. */
  variant?: 'full' | 'simple';
  /** The accessible name of the editing area (the form's label is not tied to a contenteditable). */
  label: string;
  placeholder?: string;
  /** Shown at the toolbar's end (the desktop's HTML源码 switch). */
  extra?: ReactNode;
}

const HEADINGS = [
  { value: '0', label: '正文' },
  { value: '2', label: '一级标题' },
  { value: '3', label: '二级标题' },
  { value: '4', label: '三级标题' },
] as const;

type Level = 2 | 3 | 4;

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** What the toolbar shows as pressed; read through useEditorState so only the toolbar re-renders. */
function useFormatState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      heading: ([2, 3, 4] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

function ToolButton({ label, pressed, disabled, onClick, children, className }: { label: string; pressed?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode; className?: string }) {
  return (
    <button
      type="button"
      className={`rte__button${pressed ? ' rte__button--on' : ''}${className ? ` ${className}` : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the selection in the editor while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

type AddressKind = 'link' | 'image';
const ADDRESS = {
  link: { title: '链接地址', placeholder: 'https://…', pattern: LINK_ADDRESS, error: '链接地址须以http://、https://或mailto:开头' },
  image: { title: '图片地址', placeholder: 'https://…/图片.png', pattern: IMAGE_ADDRESS, error: '图片地址须以http://或https://开头' },
} as const;

/** The address of a link or a picture, asked in a row under the toolbar (no dialog library, and Enter must not submit the form). */
function AddressBar({ kind, initial, onApply, onRemove, onClose }: { kind: AddressKind; initial: string; onApply: (address: string) => void; onRemove?: () => void; onClose: () => void }) {
  const [address, setAddress] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const spec = ADDRESS[kind];
  const apply = () => {
    const value = address.trim();
    if (!spec.pattern.test(value)) return setError(spec.error);
    onApply(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      // Closes this row only, not the dialog around the form.
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <div className="rte__address" role="group" aria-label={spec.title}>
      <input
        className="rte__address-input"
        type="url"
        inputMode="url"
        aria-label={spec.title}
        aria-invalid={error !== null}
        placeholder={spec.placeholder}
        value={address}
        // The bar opens on a click of the toolbar: the address is what the user types next.
        autoFocus
        onChange={(event) => {
          setAddress(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="button" className="rte__button rte__button--primary" onClick={apply}>
        确定
      </button>
      {onRemove ? (
        <button type="button" className="rte__button" onClick={onRemove}>
          移除链接
        </button>
      ) : null}
      <button type="button" className="rte__button" onClick={onClose}>
        取消
      </button>
      {error ? (
        <div className="rte__address-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function Toolbar({ editor, variant, extra, onAsk }: { editor: Editor; variant: 'full' | 'simple'; extra?: ReactNode; onAsk: (kind: AddressKind) => void }) {
  const state = useFormatState(editor);
  const chain = () => editor.chain().focus();
  const full = variant === 'full';
  return (
    <div className="rte__toolbar" role="toolbar" aria-label="格式">
      {full ? (
        <select
          className="rte__select"
          aria-label="标题"
          title="标题"
          value={String(state.heading)}
          onChange={(event) => {
            const level = Number(event.target.value);
            if (level === 0) chain().setParagraph().run();
            else chain().setHeading({ level: level as Level }).run();
          }}
        >
          {HEADINGS.map((h) => (
            <option key={h.value} value={h.value}>
              {h.label}
            </option>
          ))}
        </select>
      ) : (
        <ToolButton label="标题" pressed={state.heading === 2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          标题
        </ToolButton>
      )}
      <ToolButton label="加粗" pressed={state.bold} onClick={() => chain().toggleBold().run()} className="rte__button--bold">
        加粗
      </ToolButton>
      <ToolButton label="斜体" pressed={state.italic} onClick={() => chain().toggleItalic().run()} className="rte__button--italic">
        斜体
      </ToolButton>
      <ToolButton label="下划线" pressed={state.underline} onClick={() => chain().toggleUnderline().run()} className="rte__button--underline">
        下划线
      </ToolButton>
      {full ? (
        <ToolButton label="删除线" pressed={state.strike} onClick={() => chain().toggleStrike().run()} className="rte__button--strike">
          删除线
        </ToolButton>
      ) : null}
      <ToolButton label="无序列表" pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        {full ? '无序列表' : '列表'}
      </ToolButton>
      <ToolButton label="有序列表" pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        {full ? '有序列表' : '编号'}
      </ToolButton>
      {full ? (
        <ToolButton label="引用" pressed={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
          引用
        </ToolButton>
      ) : null}
      <ToolButton label="链接" pressed={state.link} onClick={() => onAsk('link')}>
        链接
      </ToolButton>
      {full ? (
        <ToolButton label="图片" onClick={() => onAsk('image')}>
          图片
        </ToolButton>
      ) : null}
      <ToolButton label="清除格式" onClick={() => chain().unsetAllMarks().clearNodes().run()}>
        清除格式
      </ToolButton>
      {full ? (
        <>
          <ToolButton label="撤销" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
            撤销
          </ToolButton>
          <ToolButton label="重做" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
            重做
          </ToolButton>
        </>
      ) : null}
      {extra ? <span className="rte__extra">{extra}</span> : null}
    </div>
  );
}

export default function RichTextEditor({ id, value, onChange, variant = 'full', label, placeholder = '请输入通告内容', extra }: RichTextEditorProps) {
  // What the editor last reported: a value from outside that differs (a reset, a loaded record) replaces the content.
  const emitted = useRef(value ?? '');
  const [asking, setAsking] = useState<AddressKind | null>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        // Links open only from the published announcement, never while editing; the server keeps http(s) and mailto.
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'] },
      }),
      // Pictures by address; data: pictures of older announcements survive an edit.
      Image.configure({ allowBase64: true }),
      Placeholder.configure({ placeholder }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: { ...(id ? { id } : {}), 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'rte__content annt-html' },
    },
    // useEditor calls the latest render's callbacks, so the form's current onChange is used.
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      emitted.current = html;
      onChange?.(html);
    },
  });

  useEffect(() => {
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  const link = editor.getAttributes('link') as { href?: string };
  const close = () => {
    setAsking(null);
    editor.commands.focus();
  };
  const applyLink = (href: string) => {
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive('link')) {
      // Nothing chosen: the address itself becomes the linked text.
      editor.chain().focus().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    setAsking(null);
  };

  return (
    <div className={`rte rte--${variant}`}>
      <Toolbar editor={editor} variant={variant} extra={extra} onAsk={setAsking} />
      {asking === 'link' ? (
        <AddressBar
          kind="link"
          initial={link.href ?? ''}
          onApply={applyLink}
          onRemove={
            link.href
              ? () => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setAsking(null);
                }
              : undefined
          }
          onClose={close}
        />
      ) : null}
      {asking === 'image' ? (
        <AddressBar
          kind="image"
          initial=""
          onApply={(src) => {
            editor.chain().focus().setImage({ src }).run();
            setAsking(null);
          }}
          onClose={close}
        />
      ) : null}
      <EditorContent editor={editor} className="rte__body" />
    </div>
  );
}
