import * as z from 'zod/mini';
import { INTERNSHIP_RULES } from './internship-rules.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * 例外备案 (issue 36): the 2021 rules put three limits 原则上 — in principle — so a school may place a student beyond
 * them once the internship office has approved it: more than 10 % of a unit's staff, more than 20 % of a post's, or
 * pay under 80 % of the post's wage. An exception is asked for one student's placement at a unit (and post) in a
 * program, with a reason and a supporting file, and decided through the workflow (process rule_exception); once
 * approved it is the record (备案) that lets the placement through, shown on the placement, in 合规检查 and in 实习上报.
 * Art. 16's other rules (first year, under 16, forbidden industries, agencies) admit none.
 */

export const EXCEPTION_RULES = ['unitRatio', 'postRatio', 'pay'] as const;
export type ExceptionRule = (typeof EXCEPTION_RULES)[number];
export const isExceptionRule = (code: string): code is ExceptionRule => (EXCEPTION_RULES as readonly string[]).includes(code);

/** What an exception is to, as the placement, 合规检查 and 实习上报 say it. */
export const EXCEPTION_RULE_LABELS: Record<ExceptionRule, string> = {
  unitRatio: '超过单位在岗职工10%',
  postRatio: '超过岗位在岗职工20%',
  pay: '报酬低于岗位工资80%',
};

/** An exception's status is its application's (contract/workflow.ts); approved reads 已备案. */
export const EXCEPTION_STATUS_LABELS = { running: '审批中', approved: '已备案', rejected: '已驳回', returned: '已退回', withdrawn: '已撤回' } as const;
export type ExceptionStatus = keyof typeof EXCEPTION_STATUS_LABELS;

/** An exception that still counts: approved, or waiting for the office (a second one may not be asked meanwhile). */
export const OPEN_EXCEPTION_STATUSES = ['running', 'approved'] as const satisfies readonly ExceptionStatus[];

/** The approved exceptions of a placement as one line: 超过单位在岗职工10%（已备案）、… */
export const exceptionNote = (rules: readonly ExceptionRule[]): string => rules.map((rule) => `${EXCEPTION_RULE_LABELS[rule]}（已备案）`).join('、');

export const EXCEPTION_URL = {
  add: '/internship/exception/add',
  upload: '/internship/exception/upload',
  /** GET ?id: the supporting file, to whoever may see the placement or decides the exception. */
  file: '/internship/exception/file',
} as const;

/** What the internship_attachment row of an exception's file holds as its owner. */
export const EXCEPTION_FILE_OWNER = 'rule-exception';

export const EXCEPTION_MSG = {
  submitted: '例外备案申请已提交，待实习办审批',
  postRequired: '该例外针对具体岗位，请先选择岗位',
  open: (rule: ExceptionRule, status: ExceptionStatus) => `该学生在此单位已有“${EXCEPTION_RULE_LABELS[rule]}”的例外申请（${EXCEPTION_STATUS_LABELS[status]}）`,
  fileRequired: '请上传证明材料（如实习单位说明、主管部门意见）',
  fileMissing: '所选证明材料不存在，请重新上传',
  notFound: '例外申请不存在或无权查看',
  noFile: '该例外申请没有证明材料',
  studentOutside: '该学生不存在或不在您管理的范围内',
  programNotFound: '实习计划不存在',
  unitNotFound: '实习单位不存在',
  postNotFound: '所选岗位不属于该实习单位',
} as const;

const requiredId = (message: string) => z.string({ error: message }).check(z.minLength(1, message), z.maxLength(64, message));

export const exceptionSchema = lazySchema(() =>
  z.object({
    programId: requiredId('请选择实习计划'),
    studentUserId: requiredId('请选择学生'),
    unitId: requiredId('请选择实习单位'),
    postId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
    rule: z.enum(EXCEPTION_RULES, { error: `只有以下规定可申请例外：${EXCEPTION_RULES.map((r) => INTERNSHIP_RULES[r].text).join('；')}` }),
    reason: z.string({ error: '请填写申请理由' }).check(z.trim(), z.minLength(5, '申请理由不能少于5个字'), z.maxLength(500, '申请理由不能超过500个字')),
    attachmentId: requiredId(EXCEPTION_MSG.fileRequired),
  }),
);
export type ExceptionInput = z.input<typeof exceptionSchema>;
export const exceptionFileQuery = lazySchema(() => z.object({ id: requiredId(EXCEPTION_MSG.notFound) }));

/** An exception the checklist reads (PlacementFacts.exceptions): for the placement's student and program. */
export interface PlacementException {
  id: string;
  rule: ExceptionRule;
  status: (typeof OPEN_EXCEPTION_STATUSES)[number];
  unitId: string;
  postId: string | null;
}

/** Whether an exception covers the rule for the placement's unit (and, but for the unit's 10 %, its post). */
export const exceptionCovers = (exception: PlacementException, rule: ExceptionRule, unitId: string | null | undefined, postId: string | null | undefined): boolean =>
  exception.rule === rule && exception.unitId === unitId && (rule === 'unitRatio' || exception.postId === (postId ?? null));
