import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import type { RelationAccess } from './relations.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 互动: a thread between a student and the people of their placement (the adviser, the enterprise mentor),
 * about the internship in general or about one of the student's records. Anyone of the three starts one;
 * each message is a bell message to the others. Ids come from the device, so a resent message is kept once.
 */

export const INTERACTION_URL = {
  list: '/internship/interaction/list',
  unread: '/internship/interaction/unread',
  thread: (id: string) => `/internship/interaction/${id}`,
  start: '/internship/interaction',
  reply: (id: string) => `/internship/interaction/${id}/reply`,
  /** The placements I may start a thread on (a student's own, an adviser's or mentor's students'). */
  placements: '/internship/interaction/placements',
} as const;

/** The rule that lets a student, an adviser or a mentor take part (declared with the page below), and the page. */
export const INTERACTION_PERMISSION = 'internship:interaction:use';
export const INTERACTION_PATH = '/internship/interaction';

export const INTERACTION_MSG = {
  titleRequired: '请填写主题',
  titleTooLong: '主题不能超过50字',
  contentRequired: '请填写内容',
  contentTooLong: '内容不能超过1000字',
  placementRequired: '请选择学生的实习',
  notFound: '互动不存在或无权查看',
  recordElsewhere: '所选记录不属于这段实习',
} as const;

const uuid = lazySchema(() => z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu, '编号格式有误')));
const content = lazySchema(() => z.string({ error: INTERACTION_MSG.contentRequired }).check(z.trim(), z.minLength(1, INTERACTION_MSG.contentRequired), z.maxLength(1000, INTERACTION_MSG.contentTooLong)));

export const startThreadSchema = lazySchema(() =>
  z.object({
    id: uuid,
    enrolmentId: z.string({ error: INTERACTION_MSG.placementRequired }).check(z.minLength(1, INTERACTION_MSG.placementRequired)),
    recordId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
    title: z.string({ error: INTERACTION_MSG.titleRequired }).check(z.trim(), z.minLength(1, INTERACTION_MSG.titleRequired), z.maxLength(50, INTERACTION_MSG.titleTooLong)),
    content,
  }),
);
export type StartThreadInput = z.infer<typeof startThreadSchema>;

export const replySchema = lazySchema(() => z.object({ id: uuid, content }));
export type ReplyInput = z.infer<typeof replySchema>;

export interface ThreadRow {
  id: string;
  title: string;
  studentName: string;
  /** The record it is about, by its title, or null for the internship in general. */
  recordTitle: string | null;
  lastAuthorName: string;
  lastContent: string;
  lastAt: string;
  messageCount: number;
  /** Messages from others since I last opened it. */
  unread: number;
}

export interface ThreadMessage {
  id: string;
  authorId: string;
  authorName: string;
  /** 学生, 指导教师, 企业导师: how the others know who wrote. */
  authorRole: string;
  content: string;
  createdAt: string;
}

export interface ThreadView {
  id: string;
  title: string;
  enrolmentId: string;
  studentName: string;
  unitName: string | null;
  recordId: string | null;
  recordTitle: string | null;
  messages: ThreadMessage[];
}

export interface InteractionPlacement {
  id: string;
  studentName: string;
  programName: string;
  unitName: string | null;
}

/** A thread's first lines in a bell message: who wrote and the start of what. */
export const bellText = (author: string, title: string, text: string) => `${author}在“${title}”中写道：${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;

/** A thread is between the student and the placement's adviser and mentor (contract/relations.ts). */
export const INTERACTION_ACCESS: RelationAccess = { read: ['self', 'adviser', 'mentor'], review: ['adviser', 'mentor'] };

export const INTERACTIONS_PAGE = {
  id: 'menu-internship-interaction',
  parent: 'menu-internship',
  name: '互动',
  path: '/internship/interaction',
  component: 'internship/Interactions',
  icon: 'message',
  order: 9,
  roles: ['relationAdviser', 'mentor', 'student'],
  rules: [
    { code: INTERACTION_PERMISSION, name: '参与互动' },
  ],
} as const satisfies MenuDeclaration;
