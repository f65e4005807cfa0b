import { z } from 'zod';
import type { InteractionPlacement, ThreadMessage, ThreadRow, ThreadView } from '@contract/interactions.ts';
import { counted, envelope, pageOf } from '../../lib/answers.ts';

const isoTime = z.string().meta({ description: 'ISO 8601 时间' });

const threadRow = z.object({
  id: z.string(),
  title: z.string(),
  studentName: z.string(),
  recordTitle: z.string().nullable().meta({ description: '所关于的实习记录的标题；关于整段实习时为 null' }),
  lastAuthorName: z.string(),
  lastContent: z.string(),
  lastAt: isoTime,
  messageCount: counted,
  unread: counted.meta({ description: '他人在我上次查看后发的消息数' }),
}) satisfies z.ZodType<ThreadRow>;

const threadMessage = z.object({
  id: z.string(),
  authorId: z.string().meta({ description: '作者的用户id；作者已删除时为空串' }),
  authorName: z.string(),
  authorRole: z.string().meta({ description: '学生、指导教师、企业导师或老师' }),
  content: z.string(),
  createdAt: isoTime,
}) satisfies z.ZodType<ThreadMessage>;

const threadView = z.object({
  id: z.string(),
  title: z.string(),
  enrolmentId: z.string(),
  studentName: z.string(),
  unitName: z.string().nullable(),
  recordId: z.string().nullable(),
  recordTitle: z.string().nullable(),
  messages: z.array(threadMessage),
}) satisfies z.ZodType<ThreadView>;

const interactionPlacement = z.object({
  id: z.string().meta({ description: '实习安排（enrolment）的id' }),
  studentName: z.string(),
  programName: z.string(),
  unitName: z.string().nullable(),
}) satisfies z.ZodType<InteractionPlacement>;

export const threadPageAnswer = envelope(pageOf(threadRow));
export const unreadAnswer = envelope(z.object({ count: counted }));
export const interactionPlacementsAnswer = envelope(z.array(interactionPlacement));
export const threadAnswer = envelope(threadView);
export const threadStartedAnswer = envelope(z.object({ id: z.string() }));
