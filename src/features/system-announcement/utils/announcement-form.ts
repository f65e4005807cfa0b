import {
  ANNOUNCEMENT_PERMISSIONS,
  announcementSchema,
  splitIds,
  type AnnouncementAdminDetail,
  type AnnouncementInput,
  type AnnouncementUserOption,
  type SendStatus,
} from '@contract/announcement.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';

/** What both layouts of 系统通告 share about the form and the states (no UI library here). */

export const CODES = ANNOUNCEMENT_PERMISSIONS;

export const sendStatusOf = (row: ResourceRow): SendStatus => (row.sendStatus === '1' || row.sendStatus === '2' ? row.sendStatus : '0');
/** Drafts and revoked announcements may be edited, published and deleted; a published one only revoked. */
export const isPublished = (row: ResourceRow) => sendStatusOf(row) === '1';

/** The editor's fields as its inputs hold them: recipients as a list of ids, no open type as ''. */
export interface AnnouncementFormValues {
  titile?: string;
  msgCategory?: '1' | '2';
  priority?: 'L' | 'M' | 'H';
  msgType?: 'ALL' | 'USER';
  userIds?: string[];
  msgAbstract?: string | null;
  openType?: '' | 'component' | 'url';
  openPage?: string | null;
  busId?: string | null;
  msgContent?: string;
}
export type AnnouncementFieldName = keyof AnnouncementFormValues;

export const NEW_ANNOUNCEMENT: AnnouncementFormValues = { msgCategory: '1', priority: 'L', msgType: 'ALL', userIds: [], openType: '', msgContent: '' };

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

/** The request body from the inputs: recipients only for 指定用户, the page only with an open type. */
export function toAnnouncementInput(values: AnnouncementFormValues): Record<string, unknown> {
  const openType = values.openType || null;
  return {
    titile: values.titile ?? '',
    msgContent: values.msgContent ?? '',
    msgAbstract: blankToNull(values.msgAbstract),
    priority: values.priority,
    msgCategory: values.msgCategory,
    msgType: values.msgType,
    userIds: values.msgType === 'USER' ? (values.userIds ?? []).join(',') : null,
    openType,
    openPage: openType ? blankToNull(values.openPage) : null,
    busId: blankToNull(values.busId),
  } satisfies Record<keyof AnnouncementInput, unknown>;
}

/** The editor's values of a saved announcement. */
export function toFormValues(detail: AnnouncementAdminDetail): AnnouncementFormValues {
  const openType = detail.openType === 'component' || detail.openType === 'url' ? detail.openType : '';
  return {
    titile: detail.titile,
    msgCategory: detail.msgCategory === '2' ? '2' : '1',
    priority: detail.priority,
    msgType: detail.msgType === 'USER' ? 'USER' : 'ALL',
    userIds: splitIds(detail.userIds),
    // '' rather than null: the inputs hold strings (toAnnouncementInput sends blanks as null).
    msgAbstract: detail.msgAbstract ?? '',
    openType,
    openPage: detail.openPage ?? '',
    busId: detail.busId ?? '',
    msgContent: detail.msgContent,
  };
}

const shape = announcementSchema.shape;
type Input = Record<AnnouncementFieldName, unknown>;
/** Values each field accepts on its own, standing in for fields that fail alone (see fieldError). */
const VALID: Input = { titile: '标题', msgContent: '<p>内容</p>', msgAbstract: null, priority: 'L', msgCategory: '1', msgType: 'ALL', userIds: null, openType: null, openPage: null, busId: null };

/**
 * The shared schema's message for one field; null when it is fine. The rules between fields
 * (指定用户 needs users, an open type needs its page) run only on an otherwise valid object, so the
 * other fields that fail on their own are stood in for, and those rules show as soon as they apply.
 */
export function fieldError(values: AnnouncementFormValues, name: AnnouncementFieldName): string | null {
  const input = toAnnouncementInput(values) as Input;
  const own = shape[name].safeParse(input[name]);
  if (!own.success) return own.error.issues[0]?.message ?? null;
  const names = Object.keys(VALID) as AnnouncementFieldName[];
  const candidate = Object.fromEntries(names.map((field) => [field, shape[field].safeParse(input[field]).success ? input[field] : VALID[field]]));
  const result = announcementSchema.safeParse(candidate);
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === name)?.message ?? null;
}

/** A form rule (rc-field-form, so antd and antd-mobile alike) from fieldError. */
export const schemaRule =
  (name: AnnouncementFieldName) =>
  ({ getFieldsValue }: { getFieldsValue: (all: true) => AnnouncementFormValues }) => ({
    validator: () => {
      const message = fieldError(getFieldsValue(true), name);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });

/** How a chosen user reads: 赵主任（multi01）. */
export const userLabel = (user: AnnouncementUserOption) => `${user.realname || user.username}（${user.username}）`;
