import { z } from 'zod';
import type { MyDashboard, MyTodo, PlacementFigures, TodoCount } from '@contract/dashboard.ts';
import { counted, envelope } from '../../lib/answers.ts';

const date = z.string().regex(/^\d{4}-\d\d-\d\d$/).meta({ description: 'YYYY-MM-DD' });

const placementFigures = z.object({
  enrolmentId: z.string(),
  studentName: z.string(),
  studentNo: z.string().nullable(),
  programName: z.string(),
  programType: z.enum(['cognition', 'post']).meta({ description: 'cognition认识实习，post岗位实习' }),
  status: z.enum(['pending', 'active', 'ended', 'terminated']).meta({ description: 'pending未开始，active实习中，ended已结束，terminated终止' }),
  unitName: z.string().nullable(),
  post: z.string().nullable(),
  adviserName: z.string().nullable(),
  mentorName: z.string().nullable(),
  startDate: date,
  endDate: date,
  totalWeeks: counted.meta({ description: '从开始那周到结束那周的自然周数' }),
  currentWeek: z.number().int().positive().nullable().meta({ description: '实习中时今天是第几周，否则为 null' }),
  weeksLeft: counted,
  requiredCount: counted.meta({ description: '实习计划要求的最少周记篇数' }),
  written: counted.meta({ description: '已交的周记（待批阅、已批阅、已退回）' }),
  waiting: counted,
  reviewed: counted,
  returned: counted,
  missed: counted.meta({ description: '已过去而未交周记的周数' }),
  averageScore: z.number().nullable().meta({ description: '已批阅周记的平均分，一位小数' }),
  latestScore: z.number().nullable(),
  oldestWaitingAt: z.string().nullable().meta({ description: '最早一篇待批阅周记的提交时间（ISO 8601）' }),
}) satisfies z.ZodType<PlacementFigures>;

export const myDashboardAnswer = envelope(
  z.object({ mine: z.array(placementFigures), advised: z.array(placementFigures), mentored: z.array(placementFigures) }) satisfies z.ZodType<MyDashboard>,
);

const todoCount = z.object({
  key: z.string().meta({ description: '在本次回答中唯一：review:monthly、approval:leave、evaluate、recent:weekly、unplaced:<programId>、warning:<kind>' }),
  kind: z.enum(['review', 'approval', 'evaluate', 'recent', 'unplaced', 'warning']),
  label: z.string(),
  count: z.number().int().positive(),
  unit: z.string().meta({ description: '量词：篇、份、项、人、条' }),
  path: z.string().meta({ description: '本系统中对应列表的路径' }),
}) satisfies z.ZodType<TodoCount>;

export const myTodoAnswer = envelope(z.object({ items: z.array(todoCount) }) satisfies z.ZodType<MyTodo>);
