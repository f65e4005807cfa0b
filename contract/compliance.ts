import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 合规检查 (issue 36): a program's placements (未开始 and 实习中) with what each still lacks before it may run under
 * the 2021 rules: the 三方协议, a guardian's 知情同意书 for a student under 18 on the start day, 岗前培训, 实习责任保险
 * with its policy number and a period covering the placement (contract/internship-placement.ts startChecklist, the rule
 * 开始实习 enforces), and the unit's site assessment (实地考察日期 in 实习单位, or its report). The office exports the
 * list and sends one reminder to each student and adviser concerned.
 */

export const COMPLIANCE_ITEMS = {
  agreement: '三方协议',
  consent: '知情同意书',
  preTraining: '岗前培训',
  insurance: '实习责任保险',
  siteVisit: '单位实地考察',
} as const;
export type ComplianceItem = keyof typeof COMPLIANCE_ITEMS;
export const COMPLIANCE_ITEM_KEYS = Object.keys(COMPLIANCE_ITEMS) as ComplianceItem[];

export const COMPLIANCE_URL = {
  list: '/internship/compliance',
  exportXls: '/internship/compliance/exportXls',
  remind: '/internship/compliance/remind',
} as const;

export const COMPLIANCE_PERMISSIONS = {
  view: 'internship:compliance:view',
  remind: 'internship:compliance:remind',
} as const;

export const COMPLIANCE_MSG = {
  programNotFound: '实习计划不存在或无权查看',
  nobody: '该实习计划的实习安排都已齐全，无需提醒',
  reminded: (students: number, advisers: number) => `已提醒${students}名学生、${advisers}位指导教师`,
} as const;

const programId = z.string({ error: COMPLIANCE_MSG.programNotFound }).check(z.minLength(1, COMPLIANCE_MSG.programNotFound), z.maxLength(64, COMPLIANCE_MSG.programNotFound));

export const complianceQuerySchema = lazySchema(() =>
  z.object({
    programId: z.optional(programId),
    /** Only the placements that lack something (the default), or every one. */
    all: z.optional(z.enum(['0', '1'])),
    pageNo: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 20),
  }),
);
export type ComplianceQuery = z.input<typeof complianceQuerySchema>;
export const complianceRemindSchema = lazySchema(() => z.object({ programId }));

export interface ComplianceRow {
  enrolmentId: string;
  studentName: string;
  studentNo: string | null;
  className: string | null;
  unitName: string | null;
  adviserName: string | null;
  status: string;
  startDate: string;
  missing: ComplianceItem[];
  /** Each missing item in words (未上传三方协议, 已投保但未填写保单号). */
  notes: string[];
  /** The approved exceptions (例外备案) the placement stands on, in words; null when none. */
  exception: string | null;
}

export interface ComplianceList {
  programId: string | null;
  programs: { value: string; label: string }[];
  rows: ComplianceRow[];
  /** The program's placements checked, those lacking something, and how many lack each item. */
  checked: number;
  lacking: number;
  byItem: Record<ComplianceItem, number>;
  total: number;
  current: number;
  size: number;
}

export interface ComplianceRemindResult {
  students: number;
  advisers: number;
}

/** What the reminder tells a student. */
export const studentReminder = (programName: string, notes: readonly string[]) => ({
  title: `实习开始前的材料尚缺${notes.length}项`,
  text: `“${programName}”开始前尚缺：${notes.join('；')}。请尽快与指导教师或实习办联系补齐。`,
});

export const COMPLIANCE_PAGE = {
  id: 'menu-internship-compliance',
  parent: 'menu-internship',
  name: '合规检查',
  path: '/internship/compliance',
  component: 'internship/Compliance',
  icon: 'safety',
  order: 15,
  roles: ['admin', 'internshipOffice', 'departAdmin'],
  rules: [
    { code: COMPLIANCE_PERMISSIONS.view, name: '查看合规检查' },
    { code: COMPLIANCE_PERMISSIONS.remind, name: '合规缺项提醒' },
  ],
} as const satisfies MenuDeclaration;
