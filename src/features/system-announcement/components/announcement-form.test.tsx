import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnnouncementAdminDetail } from '@contract/announcement.ts';
import { EDITOR_HTML } from '../../../../tests/fixtures/editor-html.ts';
import { announcementDetailQuery } from '../api/get-announcement-detail.ts';
import { AnnouncementFormModal } from './announcement-form-modal.tsx';
import { AnnouncementFormPhone } from './announcement-form-phone.tsx';
import RichTextEditor from './rich-text-editor.tsx';

/**
 * The announcement forms with their rich-text editor (Tiptap under jsdom): the content's required
 * rule sees an editor's empty markup as empty, and 编辑 loads the saved HTML into the editor. The
 * saved record is put in the query cache, so no request is made.
 */

const SAVED: AnnouncementAdminDetail = {
  id: 'a1', titile: '期末安排', msgAbstract: null, sender: '系统管理员', priority: 'L', msgCategory: '1', msgType: 'ALL', sendStatus: '0', sendTime: null,
  openType: null, openPage: null, busId: null, userIds: null, createTime: '2026-01-01T00:00:00Z', users: [],
  msgContent: '<h2>实习安排</h2><p>请在<strong>周五</strong>前提交<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">周记</a></p><ul><li><p>第一项</p></li></ul>',
};

function withQueries(node: ReactNode, saved?: AnnouncementAdminDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (saved) client.setQueryData(announcementDetailQuery(saved.id).queryKey, saved);
  return <QueryClientProvider client={client}>{node}</QueryClientProvider>;
}

const row = (detail: AnnouncementAdminDetail) => ({ id: detail.id, titile: detail.titile });
/** The editing area, once its chunk has loaded. */
const editorIn = async (scope: HTMLElement) => within(scope).findByRole('textbox', { name: '内容' }, { timeout: 10_000 });
const selectAll = (editor: HTMLElement) => fireEvent.keyDown(editor, { key: 'a', code: 'KeyA', ctrlKey: true });

describe('系统通告 form on desktop (antd)', () => {
  const open = (saved?: AnnouncementAdminDetail) => {
    render(withQueries(<AnnouncementFormModal editing={{ row: saved ? row(saved) : null }} onClose={() => undefined} />, saved));
    return screen.getByRole('dialog', { name: saved ? '编辑通告' : '新增通告' });
  };
  const confirm = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?定$/ }));

  it('refuses an empty editor with 请输入内容', async () => {
    const dialog = open();
    const editor = await editorIn(dialog);
    expect(editor.getAttribute('contenteditable')).toBe('true');
    expect(editor.querySelector('[data-placeholder="请输入通告内容"]')).not.toBeNull();
    confirm(dialog);
    expect(await within(dialog).findByText('请输入内容')).toBeTruthy();
  });

  it('refuses content cleared in the editor, and markup that shows nothing typed as source', async () => {
    const dialog = open(SAVED);
    const editor = await editorIn(dialog);
    await waitFor(() => expect(editor.textContent).toContain('实习安排'));
    act(() => {
      editor.focus();
      selectAll(editor);
    });
    fireEvent.keyDown(editor, { key: 'Backspace', code: 'Backspace' });
    await waitFor(() => expect(editor.textContent).toBe(''));
    confirm(dialog);
    expect(await within(dialog).findByText('请输入内容')).toBeTruthy();

    fireEvent.click(within(dialog).getByText('HTML源码'));
    const source = within(dialog).getByLabelText('内容', { selector: 'textarea' });
    fireEvent.change(source, { target: { value: '<p>正文</p>' } });
    await waitFor(() => expect(within(dialog).queryByText('请输入内容')).toBeNull());
    fireEvent.change(source, { target: { value: '<p></p><p> &nbsp;</p>' } });
    expect(await within(dialog).findByText('请输入内容')).toBeTruthy();
  });

  it('loads a saved announcement into the editor, and the toolbar formats it', async () => {
    const dialog = open(SAVED);
    const editor = await editorIn(dialog);
    await waitFor(() => expect(editor.querySelector('h2')?.textContent).toBe('实习安排'));
    expect(editor.querySelector('strong')?.textContent).toBe('周五');
    expect(editor.querySelector('a')?.getAttribute('href')).toBe('https://example.com/a');
    expect(editor.querySelector('ul li')?.textContent).toBe('第一项');

    // Everything chosen and made bold; the HTML source shows what will be sent.
    act(() => {
      editor.focus();
      selectAll(editor);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '加粗' }));
    fireEvent.click(within(dialog).getByText('HTML源码'));
    const source = within(dialog).getByLabelText('内容', { selector: 'textarea' });
    expect((source as HTMLTextAreaElement).value).toContain('<p><strong>请在周五前提交</strong>');
  });
});

describe('系统通告 form on the phone (antd-mobile)', () => {
  const open = (saved?: AnnouncementAdminDetail) => {
    render(withQueries(<AnnouncementFormPhone editing={{ row: saved ? row(saved) : null }} onClose={() => undefined} />, saved));
    return screen.getByRole('dialog', { name: saved ? '编辑通告' : '新增通告' });
  };

  it('refuses an empty editor with 请输入内容 and offers the short toolbar', async () => {
    const sheet = open();
    const editor = await editorIn(sheet);
    const toolbar = within(sheet).getByRole('toolbar', { name: '格式' });
    for (const name of ['标题', '加粗', '斜体', '下划线', '无序列表', '有序列表', '链接', '清除格式']) expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: '图片' })).toBeNull();
    expect(editor.textContent).toBe('');
    fireEvent.click(within(sheet).getByRole('button', { name: '保存' }));
    expect(await within(sheet).findByText('请输入内容')).toBeTruthy();
    expect(within(sheet).getByText('请输入标题')).toBeTruthy();
  });

  it('loads a saved announcement into the editor', async () => {
    const sheet = open(SAVED);
    const editor = await editorIn(sheet);
    await waitFor(() => expect(editor.querySelector('h2')?.textContent).toBe('实习安排'));
    expect(editor.querySelector('strong')?.textContent).toBe('周五');
    expect(editor.querySelector('ul li')?.textContent).toBe('第一项');
    expect(within(sheet).queryByText(/编辑器不能保留的格式/)).toBeNull();
  });

  it('warns before an edit would lose formatting the editor cannot keep', async () => {
    const sheet = open({ ...SAVED, msgContent: '<table><tbody><tr><td>课表</td></tr></tbody></table><p style="color:#ff0000">红字</p>' });
    await editorIn(sheet);
    expect(within(sheet).getByText(/编辑器不能保留的格式/)).toBeTruthy();
  });
});

describe('the rich-text editor', () => {
  it('gives back the HTML it loaded as the editor writes it (the server test sanitises this string)', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor label="内容" value={EDITOR_HTML} onChange={onChange} />);
    const editor = screen.getByRole('textbox', { name: '内容' });
    await waitFor(() => expect(editor.querySelector('img')?.getAttribute('src')).toBe('https://example.com/poster.png'));
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      editor.focus();
      selectAll(editor);
    });
    fireEvent.keyDown(editor, { key: 'Backspace', code: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith('');
    fireEvent.keyDown(editor, { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(onChange).toHaveBeenLastCalledWith(EDITOR_HTML);
  });
});
