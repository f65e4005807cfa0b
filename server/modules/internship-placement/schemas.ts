import { z } from 'zod';
import { COMPLIANCE_ITEM_KEYS, type ComplianceList, type ComplianceRemindResult, type ComplianceRow } from '@contract/compliance.ts';
import { EXCEPTION_RULES, OPEN_EXCEPTION_STATUSES, type PlacementException } from '@contract/internship-exception.ts';
import type { AdviserAssignmentRow, PlacementFacts, PlacementOption } from '@contract/internship-placement.ts';
import { ENROLMENT_STATUS_LABELS, PROGRAM_TYPE_LABELS, type EnrolmentStatus, type ProgramType } from '@contract/internship.ts';
import { PDF, counted, envelope, pageOf } from '../../lib/answers.ts';

/** What the answers of 实习安排, 合规检查 and 例外备案 carry (routes.ts, compliance.ts, exceptions.ts). */

export const enrolmentStatus = z.enum(Object.keys(ENROLMENT_STATUS_LABELS) as EnrolmentStatus[]);
const programType = z.enum(Object.keys(PROGRAM_TYPE_LABELS) as ProgramType[]);
const day = z.string().meta({ description: 'YYYY-MM-DD' });

/**
 * An office file as it was uploaded (documents/files.ts registerOfficeFileUpload lets in a PDF or an image, HEIC
 * refused): a placement's 三方协议 and 知情同意书, an exception's supporting file, a unit's 考察报告.
 */
export const OFFICE_FILE_TYPES = [PDF, 'image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

const placementOption = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable().meta({ description: '学号、工号、统一社会信用代码、账号、学期，或岗位的在岗人数' }),
}) satisfies z.ZodType<PlacementOption>;
/** The pickers' pages: 实习计划, 学生, 实习单位, 岗位, 企业导师, 指导教师. */
export const placementOptionsAnswer = envelope(pageOf(placementOption));

const placementException = z.object({
  id: z.string(),
  rule: z.enum(EXCEPTION_RULES),
  status: z.enum(OPEN_EXCEPTION_STATUSES),
  unitId: z.string(),
  postId: z.string().nullable(),
}) satisfies z.ZodType<PlacementException>;

const placementFacts = z.object({
  program: z.object({ name: z.string(), type: programType, startDate: day, endDate: day }).nullable(),
  student: z.object({ name: z.string(), grade: z.number().int(), birthday: z.string().nullable() }).nullable(),
  unit: z.object({ name: z.string(), status: z.string().meta({ description: 'pending 待审核, active 合作中, disabled 停用' }), employeeCount: counted.nullable(), placed: counted }).nullable(),
  post: z
    .object({ id: z.string(), name: z.string(), unitId: z.string(), headcount: counted, probationWage: z.number().nullable(), placed: counted })
    .nullable(),
  exceptions: z.array(placementException).optional(),
}) satisfies z.ZodType<PlacementFacts>;
export const placementFactsAnswer = envelope(placementFacts);

const adviserAssignmentRow = z.object({
  id: z.string(),
  studentNo: z.string().nullable(),
  studentName: z.string().nullable(),
  className: z.string().nullable(),
  programName: z.string(),
  unitName: z.string().nullable(),
  adviserUserId: z.string().nullable(),
  adviserName: z.string().nullable(),
  status: enrolmentStatus,
}) satisfies z.ZodType<AdviserAssignmentRow>;
export const adviserAssignmentAnswer = envelope(pageOf(adviserAssignmentRow));

// ---- 合规检查 ----

const complianceItem = z.enum(COMPLIANCE_ITEM_KEYS);
const complianceRow = z.object({
  enrolmentId: z.string(),
  studentName: z.string(),
  studentNo: z.string().nullable(),
  className: z.string().nullable(),
  unitName: z.string().nullable(),
  adviserName: z.string().nullable(),
  // Text in the contract (ComplianceRow); 合规检查 checks the placements 未开始 and 实习中 only.
  status: z.string().meta({ description: 'pending 未开始 或 active 实习中' }),
  startDate: day,
  missing: z.array(complianceItem),
  notes: z.array(z.string()),
  exception: z.string().nullable(),
}) satisfies z.ZodType<ComplianceRow>;

export const complianceListAnswer = envelope(
  z.object({
    programId: z.string().nullable(),
    programs: z.array(z.object({ value: z.string(), label: z.string() })),
    rows: z.array(complianceRow),
    checked: counted,
    lacking: counted,
    byItem: z.record(complianceItem, counted),
    total: counted,
    current: counted,
    size: counted,
  }) satisfies z.ZodType<ComplianceList>,
);

export const complianceRemindAnswer = envelope(z.object({ students: counted, advisers: counted }) satisfies z.ZodType<ComplianceRemindResult>);

// ---- 例外备案 ----

export const exceptionAddedAnswer = envelope(z.object({ id: z.string() }));
