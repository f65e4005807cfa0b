import * as z from 'zod/mini';
import { UNIT_RESOURCE } from './internship-unit.ts';
import { PROGRAM_RESOURCE } from './internship-program.ts';
import { resourceRules, type MenuDeclaration } from './menu-declaration.ts';
import { optionalText, refTo, withId, type ResourceDescription } from './resource.ts';

/** 实习基地评价: the office and the advisers rate a unit once per season (实习计划), 1–5 on four counts, with a comment. */
export const RATING_PERMISSIONS = { list: 'internship:rating:list', add: 'internship:rating:add', edit: 'internship:rating:edit', remove: 'internship:rating:delete', export: 'internship:rating:export' } as const;

/** The four counts a unit is marked on, 1–5 each. */
const MARKS = { safety: '安全', fit: '岗位对口', guidance: '指导', pay: '待遇' } as const;
const mark = (label: string) => z.number({ error: `请给${label}打分` }).check(z.int(`${label}须为1到5分`), z.minimum(1, `${label}须为1到5分`), z.maximum(5, `${label}须为1到5分`));
const ratingSchema = z.object({
  unitId: z.string({ error: '请选择实习单位' }).check(z.minLength(1, '请选择实习单位')),
  programId: z.string({ error: '请选择实习计划' }).check(z.minLength(1, '请选择实习计划')),
  ...(Object.fromEntries(Object.entries(MARKS).map(([name, label]) => [name, mark(label)])) as Record<keyof typeof MARKS, ReturnType<typeof mark>>),
  comment: optionalText(500),
});

export const RATING_RESOURCE: ResourceDescription = {
  key: 'unitRating',
  title: '实习基地评价',
  api: { base: '/internshipunit/rating' },
  permissions: RATING_PERMISSIONS,
  fields: [
    { name: 'unitId', label: '实习单位', kind: 'ref', ref: refTo(UNIT_RESOURCE, 'creditCode'), list: { width: 200 }, search: true, excel: true, readOnlyOnEdit: true },
    { name: 'programId', label: '实习计划', kind: 'ref', ref: refTo(PROGRAM_RESOURCE), list: { width: 170 }, search: true, excel: true, readOnlyOnEdit: true },
    ...Object.entries(MARKS).map(([name, label]) => ({ name, label, kind: 'number', list: { width: 90, sortable: true }, excel: true }) as const),
    { name: 'comment', label: '评语', kind: 'textarea', list: { width: 220 }, excel: true },
    { name: 'raterName', label: '评价人', kind: 'text', list: { width: 90, priority: 2 }, form: false },
  ],
  createSchema: ratingSchema,
  editSchema: withId(ratingSchema),
  titleField: 'unitId',
  subtitleFields: ['programId', 'raterName'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  shownIn: [UNIT_RESOURCE.key],
};

export const RATING_MSG = { once: '您已评价过该单位本实习计划的实习，请修改原评价', own: '只能修改或删除自己的评价' } as const;

export const RATING_PAGE = {
  id: 'menu-internship-rating',
  parent: 'menu-internship',
  name: '实习基地评价',
  path: '/internship/rating',
  component: 'internship/UnitRatings',
  icon: 'star',
  order: 16,
  roles: ['admin', 'internshipOffice', 'relationAdviser'],
  rules: resourceRules(RATING_PERMISSIONS, '实习基地评价', { export: ['admin', 'internshipOffice'] }),
} as const satisfies MenuDeclaration;
