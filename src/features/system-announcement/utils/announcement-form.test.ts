import { describe, expect, it } from 'vitest';
import type { AnnouncementAdminDetail } from '@contract/announcement.ts';
import { NEW_ANNOUNCEMENT, fieldError, toAnnouncementInput, toFormValues, type AnnouncementFormValues } from './announcement-form.ts';

const filled: AnnouncementFormValues = { ...NEW_ANNOUNCEMENT, titile: '期末安排', msgContent: '<p>各位同学</p>' };

describe('fieldError', () => {
  it('gives each field its own message from the shared schema', () => {
    expect(fieldError(NEW_ANNOUNCEMENT, 'titile')).toBe('请输入标题');
    expect(fieldError(NEW_ANNOUNCEMENT, 'msgContent')).toBe('请输入内容');
    expect(fieldError(NEW_ANNOUNCEMENT, 'priority')).toBeNull();
  });

  it('counts markup that shows nothing as empty content (an empty editor gives <p></p>)', () => {
    for (const msgContent of ['<p></p>', '<p><br></p>', '<p> &nbsp; </p><h2></h2>', '<ul><li><p></p></li></ul>']) expect(fieldError({ ...filled, msgContent }, 'msgContent')).toBe('请输入内容');
    for (const msgContent of ['<p>x</p>', '<p><strong>加粗</strong></p>', '<p><img src="https://example.com/a.png"></p>']) expect(fieldError({ ...filled, msgContent }, 'msgContent')).toBeNull();
  });

  it('shows the rules between fields while other fields are still empty', () => {
    expect(fieldError({ ...NEW_ANNOUNCEMENT, msgType: 'USER', userIds: [] }, 'userIds')).toBe('请选择指定用户');
    expect(fieldError({ ...NEW_ANNOUNCEMENT, msgType: 'USER', userIds: ['u1'] }, 'userIds')).toBeNull();
    expect(fieldError({ ...NEW_ANNOUNCEMENT, openType: 'component', openPage: '' }, 'openPage')).toBe('请输入打开页面');
    expect(fieldError({ ...NEW_ANNOUNCEMENT, openType: 'component', openPage: 'internship' }, 'openPage')).toBe('组件页面路径须以/开头');
    expect(fieldError({ ...NEW_ANNOUNCEMENT, openType: 'url', openPage: 'javascript:alert(1)' }, 'openPage')).toBe('链接地址须以http://或https://开头');
  });

  it('passes a complete form', () => {
    for (const name of Object.keys(filled) as (keyof AnnouncementFormValues)[]) expect(fieldError(filled, name)).toBeNull();
  });
});

describe('toAnnouncementInput', () => {
  it('sends recipients only for 指定用户 and the page only with an open type', () => {
    expect(toAnnouncementInput({ ...filled, msgType: 'ALL', userIds: ['u1'], openType: '', openPage: '/x', busId: ' ' })).toMatchObject({ userIds: null, openType: null, openPage: null, busId: null });
    expect(toAnnouncementInput({ ...filled, msgType: 'USER', userIds: ['u1', 'u2'], openType: 'component', openPage: '/x' })).toMatchObject({ userIds: 'u1,u2', openType: 'component', openPage: '/x' });
  });

  it('reads back what toFormValues gives for a saved announcement', () => {
    const detail = {
      id: 'a1', titile: '通告', msgAbstract: null, sender: '系统管理员', priority: 'H', msgCategory: '2', msgType: 'USER', sendStatus: '0', sendTime: null,
      openType: null, openPage: null, busId: null, userIds: 'u1,u2', createTime: '2026-01-01T00:00:00Z', msgContent: '<p>x</p>', users: [],
    } satisfies AnnouncementAdminDetail;
    const values = toFormValues(detail);
    expect(values).toMatchObject({ priority: 'H', msgCategory: '2', msgType: 'USER', userIds: ['u1', 'u2'], openType: '' });
    expect(toAnnouncementInput(values)).toMatchObject({ titile: '通告', userIds: 'u1,u2', openType: null, msgContent: '<p>x</p>' });
  });
});
