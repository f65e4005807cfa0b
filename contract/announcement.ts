import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { pageQuerySchema, type ResourceDescription } from './resource.ts';
import { EVERYONE, resourceRules, type MenuDeclaration } from './menu-declaration.ts';

/** Shapes of the announcement calls beyond the bell's lists (those are in session.ts), shared by the server and the browser. */

/** GET /sys/annountCement/queryById: what the detail view shows. msgContent is HTML; the browser sanitises it before showing it. */
export interface AnnouncementDetail {
  id: string;
  titile: string;
  sender: string | null;
  sendTime: string | null;
  msgContent: string;
  priority: 'L' | 'M' | 'H';
  openType: string | null;
  openPage: string | null;
  busId: string | null;
}

/** '0' unread, '1' read. */
export type ReadFlag = '0' | '1';

/** One row of GET /sys/sysAnnouncementSend/getMyAnnouncementSend (id and anntId are both the announcement's id). */
export interface MyAnnouncement {
  id: string;
  anntId: string;
  titile: string;
  sender: string | null;
  sendTime: string | null;
  priority: 'L' | 'M' | 'H';
  /** '1' 通知, '2' 系统消息. */
  msgCategory: string;
  msgAbstract: string | null;
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  readFlag: ReadFlag;
}

/** Query of getMyAnnouncementSend; readFlag left out lists read and unread. */
export interface MyAnnouncementQuery {
  pageNo: number;
  pageSize: number;
  readFlag?: ReadFlag;
}

/** PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId (SPEC-DECISIONS.md). */
export const markReadSchema = lazySchema(() => z.object({ anntId: z.string().check(z.minLength(1)) }));
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** Priority codes of SPEC.md section 9 with their labels. */
export const PRIORITY_LABELS: Record<'L' | 'M' | 'H', string> = { L: '一般', M: '重要', H: '紧急' };

export const toPriority = (value: string): 'L' | 'M' | 'H' => (value === 'M' || value === 'H' ? value : 'L');

// ---- Administration of announcements (系统通告): the list, the editor, publish and revoke. ----

/** '0' draft, '1' published, '2' revoked. */
export type SendStatus = '0' | '1' | '2';
export const SEND_STATUS_LABELS: Record<SendStatus, string> = { '0': '未发布', '1': '已发布', '2': '已撤销' };
/** '1' 通知 (the bell's first tab), '2' 系统消息. */
export const MSG_CATEGORY_LABELS: Record<'1' | '2', string> = { '1': '通知', '2': '系统消息' };
/** ALL: everybody; USER: the users named in userIds. */
export const MSG_TYPE_LABELS: Record<'ALL' | 'USER', string> = { ALL: '全体用户', USER: '指定用户' };

export const ANNOUNCEMENT_PERMISSIONS = {
  list: 'system:announcement:list',
  add: 'system:announcement:add',
  edit: 'system:announcement:edit',
  remove: 'system:announcement:delete',
  release: 'system:announcement:release',
} as const;

/** More recipients than this in one announcement: send it to everybody instead. */
export const MAX_RECIPIENTS = 1000;
export const MAX_CONTENT_LENGTH = 500_000;

/** A comma list of ids as JeecgBoot clients send them (userIds, ids), possibly with a trailing comma; blanks and repeats dropped. */
export const splitIds = (value: string | null | undefined): string[] => [...new Set((value ?? '').split(',').map((id) => id.trim()).filter(Boolean))];

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(
    z.refine((v) => v.trim().length > 0, { error: message, abort: true }),
    z.maxLength(max, tooLong),
  );
/**
 * True when announcement HTML shows nothing: no text (spaces and &nbsp; aside) and no image. An
 * empty rich-text editor still holds markup (<p></p>), so a plain "not empty" is not enough; the
 * server checks again after sanitising (server/modules/announcement/sanitize.ts).
 */
export const isBlankHtmlContent = (html: string): boolean =>
  // [^<>] keeps the scan linear on a long run of '<' without '>'.
  !/<img\s/i.test(html) && html.replace(/<[^<>]*>/g, '').replace(/&nbsp;|&#160;|&#xa0;/gi, ' ').trim() === '';

const optionalText = (max: number, tooLong: string) => z.optional(z.nullable(z.string().check(z.maxLength(max, tooLong))));

const announcementObject = lazySchema(() =>
  z.object({
    titile: requiredText('请输入标题', 100, '标题不能超过100个字符'),
    msgContent: z.string({ error: '请输入内容' }).check(
      z.refine((v) => !isBlankHtmlContent(v), { error: '请输入内容', abort: true }),
      z.maxLength(MAX_CONTENT_LENGTH, `内容不能超过${MAX_CONTENT_LENGTH}个字符`),
    ),
    msgAbstract: optionalText(200, '摘要不能超过200个字符'),
    priority: z.enum(['L', 'M', 'H'], { error: '请选择优先级' }),
    msgCategory: z.enum(['1', '2'], { error: '请选择通告类型' }),
    msgType: z.enum(['ALL', 'USER'], { error: '请选择通告对象' }),
    userIds: optionalText(MAX_RECIPIENTS * 65, `指定用户不能超过${MAX_RECIPIENTS}个`),
    /** Where a click on the announcement leads: 'component' a page of this app by its path, 'url' a web address. */
    openType: z.optional(z.nullable(z.enum(['component', 'url', ''], { error: '打开方式应为component或url' }))),
    openPage: optionalText(500, '打开页面不能超过500个字符'),
    busId: optionalText(64, '业务ID不能超过64个字符'),
  }),
);
type AnnouncementFields = z.infer<typeof announcementObject>;

const recipients = (v: AnnouncementFields) => (typeof v.userIds === 'string' ? splitIds(v.userIds) : []);
const openPage = (v: AnnouncementFields) => (typeof v.openPage === 'string' ? v.openPage.trim() : '');

/** The rules between fields: USER needs recipients; an open type needs a page of its kind (never a javascript: address). */
const crossFieldRules = <T extends AnnouncementFields>() => [
  z.refine<T>((v) => v.msgType !== 'USER' || recipients(v).length > 0, { path: ['userIds'], error: '请选择指定用户' }),
  z.refine<T>((v) => recipients(v).length <= MAX_RECIPIENTS, { path: ['userIds'], error: `指定用户不能超过${MAX_RECIPIENTS}个` }),
  z.refine<T>((v) => !v.openType || openPage(v) !== '', { path: ['openPage'], error: '请输入打开页面' }),
  z.refine<T>((v) => v.openType !== 'component' || /^\/\S*$/.test(openPage(v)), { path: ['openPage'], error: '组件页面路径须以/开头' }),
  z.refine<T>((v) => v.openType !== 'url' || /^https?:\/\/\S+$/i.test(openPage(v)), { path: ['openPage'], error: '链接地址须以http://或https://开头' }),
];

/** POST /sys/annountCement/add. msgContent is HTML; the server sanitises it before storing. */
export const announcementSchema = lazySchema(() => announcementObject.check(...crossFieldRules<AnnouncementFields>()));
export type AnnouncementInput = z.infer<typeof announcementSchema>;

/** PUT /sys/annountCement/edit: the same with the id. */
export const announcementEditSchema = lazySchema(() =>
  z
    .extend(announcementObject, { id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')) })
    .check(...crossFieldRules<AnnouncementFields & { id: string }>()),
);
export type AnnouncementEditInput = z.infer<typeof announcementEditSchema>;

/** GET /sys/annountCement/list: paging plus the search fields; an empty search value means "any". */
export const announcementListQuerySchema = lazySchema(() =>
  z.extend(pageQuerySchema, {
    titile: z.optional(z.string().check(z.maxLength(100, '标题不能超过100个字符'))),
    sendStatus: z.optional(z.enum(['', '0', '1', '2'], { error: '发布状态应为0、1或2' })),
    msgCategory: z.optional(z.enum(['', '1', '2'], { error: '通告类型应为1或2' })),
    priority: z.optional(z.enum(['', 'L', 'M', 'H'], { error: '优先级应为L、M或H' })),
    _t: z.optional(z.coerce.number()),
  }),
);
export type AnnouncementListQuery = z.infer<typeof announcementListQuerySchema>;

/** GET /sys/annountCement/userOptions: the recipient chooser's search. */
export const userOptionsQuerySchema = lazySchema(() =>
  z.object({
    keyword: z.optional(z.string().check(z.maxLength(64, '关键字不能超过64个字符'))),
    pageSize: z._default(z.coerce.number({ error: '每页条数应为1到50' }).check(z.int('每页条数应为1到50'), z.minimum(1, '每页条数应为1到50'), z.maximum(50, '每页条数应为1到50')), 50),
    _t: z.optional(z.coerce.number()),
  }),
);

/** One row of GET /sys/annountCement/list (no content). */
export interface AnnouncementRow {
  id: string;
  titile: string;
  msgAbstract: string | null;
  sender: string | null;
  priority: 'L' | 'M' | 'H';
  msgCategory: string;
  msgType: string;
  sendStatus: SendStatus;
  sendTime: string | null;
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  userIds: string | null;
  createTime: string;
}

/** A user the announcement can be addressed to. */
export interface AnnouncementUserOption {
  id: string;
  username: string;
  realname: string;
}

/** GET /sys/annountCement/adminQueryById: the whole record for the editor, with the chosen users' names. */
export interface AnnouncementAdminDetail extends AnnouncementRow {
  msgContent: string;
  users: AnnouncementUserOption[];
}

/** Where a click on an announcement leads, as the editor offers it ('' nowhere). */
export const OPEN_TYPE_OPTIONS = [
  { value: '', label: '无' },
  { value: 'component', label: '系统页面' },
  { value: 'url', label: '外部链接' },
] as const;

/**
 * 系统通告 as a resource: the list, search, delete and batch delete of the generic screens. The
 * editor, publish and revoke are the page's own (an announcement is edited only while unpublished).
 */
export const ANNOUNCEMENT_RESOURCE: ResourceDescription = {
  key: 'announcement',
  title: '通告',
  api: { base: '/sys/annountCement' },
  permissions: {
    list: ANNOUNCEMENT_PERMISSIONS.list,
    add: ANNOUNCEMENT_PERMISSIONS.add,
    edit: ANNOUNCEMENT_PERMISSIONS.edit,
    remove: ANNOUNCEMENT_PERMISSIONS.remove,
  },
  fields: [
    { name: 'titile', label: '标题', kind: 'text', list: { width: 240, sortable: true }, search: true },
    { name: 'msgCategory', label: '消息类型', kind: 'dict', dictCode: 'msg_category', list: { width: 90 } },
    { name: 'priority', label: '优先级', kind: 'dict', dictCode: 'priority', list: { width: 90, sortable: true }, search: true },
    { name: 'msgType', label: '通告对象', kind: 'dict', dictCode: 'msg_type', list: { width: 90 } },
    { name: 'userIds', label: '指定用户', kind: 'text' },
    { name: 'sendStatus', label: '发布状态', kind: 'dict', dictCode: 'send_status', list: { width: 100 }, search: true, form: false },
    { name: 'sendTime', label: '发布时间', kind: 'datetime', list: { width: 165, sortable: true }, form: false },
    { name: 'sender', label: '发布人', kind: 'text', list: { width: 100 }, form: false },
    { name: 'msgAbstract', label: '摘要', kind: 'textarea' },
    { name: 'openType', label: '打开方式', kind: 'select', options: OPEN_TYPE_OPTIONS },
    { name: 'openPage', label: '打开页面', kind: 'text' },
    { name: 'busId', label: '业务ID', kind: 'text' },
    { name: 'msgContent', label: '内容', kind: 'textarea' },
  ],
  createSchema: announcementSchema,
  editSchema: announcementEditSchema,
  titleField: 'titile',
  subtitleFields: ['sendStatus', 'priority', 'sendTime', 'sender'],
};

export const MY_ANNOUNCEMENTS_PAGE = {
  id: 'menu-user-announcement',
  name: '我的消息',
  path: '/isps/userAnnouncement',
  component: 'isps/UserAnnouncement',
  componentName: 'isps-userAnnouncement',
  icon: 'message',
  order: 90,
  hidden: true,
  roles: EVERYONE,
} as const satisfies MenuDeclaration;

export const ANNOUNCEMENT_PAGE = {
  id: 'menu-system-announcement',
  parent: 'menu-system',
  name: '系统通告',
  path: '/system/announcement',
  component: 'system/AnnouncementList',
  icon: 'notification',
  order: 6,
  roles: ['admin'],
  rules: [
    ...resourceRules(ANNOUNCEMENT_PERMISSIONS, '通告'),
    { code: ANNOUNCEMENT_PERMISSIONS.release, name: '发布/撤销通告' },
  ],
} as const satisfies MenuDeclaration;
