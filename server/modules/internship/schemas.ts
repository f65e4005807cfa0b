import { z } from 'zod';
import type { DeviceTimeFlag } from '@contract/device-time.ts';
import { ATTACHMENT_TYPES, type AttachmentMeta, type EnrolmentStatus, type ProgramType, type ReviewLogAction, type ReviewLogEntry, type ScorePrecision } from '@contract/internship.ts';
import {
  CHECKIN_MODES,
  RECORD_KIND_CODES,
  RECORD_STATUSES,
  type DailyRow,
  type MyPlacementRecords,
  type MySlot,
  type RecordBrief,
  type RecordDetail,
  type RecordReviewRow,
  type RecordValues,
  type RepeatedFile,
  type WithdrawnVersion,
  type WorkplaceProposal,
} from '@contract/records.ts';
import { SEASON_STATES, type ContactCounts, type SeasonCell, type SeasonGrid, type SeasonOption, type SeasonRemindResult, type SeasonRow, type SeasonWeek } from '@contract/season.ts';
import type { SimilarityFlag } from '@contract/similarity.ts';
import { VISIT_MODES, type VisitDetail, type VisitRow, type VisitStudent } from '@contract/visits.ts';
import { counted, envelope, pageOf, uploadFile } from '../../lib/answers.ts';

/**
 * What the routes of the students' records (every kind of contract/records.ts), the visits and the season answer,
 * described for the OpenAPI document and checked in the server tests (server/lib/answers.ts).
 */

/** The values of a contract's list of options, as an enum. */
const optionValues = <T extends string>(options: readonly { value: T }[]) => z.enum(options.map((o) => o.value) as [T, ...T[]]);

const date = z.string().meta({ description: 'YYYY-MM-DD' });
const instant = z.string().meta({ description: 'ISO 8601 时间' });
const dayCount = z.number().int().positive();

const recordStatus = z.enum(RECORD_STATUSES);
const recordKind = z.enum(RECORD_KIND_CODES);
const deviceTimeFlag = z.enum(['clock-corrected', 'future', 'too-old']) satisfies z.ZodType<DeviceTimeFlag>;
const scorePrecision = z.union([z.literal(0), z.literal(1)]) satisfies z.ZodType<ScorePrecision>;
const programType = z.enum(['cognition', 'post']) satisfies z.ZodType<ProgramType>;
const enrolmentStatus = z.enum(['pending', 'active', 'ended', 'terminated']) satisfies z.ZodType<EnrolmentStatus>;
const reviewLogAction = z.enum(['approve', 'return', 'correct']) satisfies z.ZodType<ReviewLogAction>;

/** A kind's own fields by name (a blank one null). */
const recordValues = z.record(z.string(), z.string().nullable().optional()).meta({ description: '记录类型自有字段的值' }) satisfies z.ZodType<RecordValues>;
const lateDays = dayCount.nullable().meta({ description: '迟交天数；按时或未到期为 null' });

export const attachmentMeta = z.object({
  id: z.string(),
  recordId: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: counted,
  createdAt: instant,
}) satisfies z.ZodType<AttachmentMeta>;

const reviewLogEntry = z.object({
  id: z.string(),
  action: reviewLogAction,
  score: z.number().nullable(),
  comment: z.string().nullable(),
  previousScore: z.number().nullable(),
  previousComment: z.string().nullable(),
  reason: z.string().nullable(),
  reviewerName: z.string().nullable(),
  createdAt: instant,
}) satisfies z.ZodType<ReviewLogEntry>;

const withdrawnVersion = z.object({ title: z.string(), content: z.string(), submittedAt: instant.nullable(), withdrawnAt: instant }) satisfies z.ZodType<WithdrawnVersion>;

const repeatedFile = z.object({ fileName: z.string(), studentName: z.string(), title: z.string(), own: z.boolean() }) satisfies z.ZodType<RepeatedFile>;

const recordDetail = z.object({
  id: z.string(),
  kind: recordKind,
  enrolmentId: z.string(),
  periodStart: date,
  periodEnd: date,
  periodLabel: z.string(),
  title: z.string(),
  content: z.string(),
  status: recordStatus,
  adviserComment: z.string().nullable(),
  score: z.number().nullable(),
  submittedAt: instant.nullable(),
  receivedAt: instant.nullable(),
  submitTimeFlag: deviceTimeFlag.nullable(),
  reviewedAt: instant.nullable(),
  reviewerId: z.string().nullable(),
  reviewerName: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
  studentName: z.string(),
  programName: z.string(),
  minLength: counted,
  scorePrecision,
  attachments: z.array(attachmentMeta),
  reviewHistory: z.array(reviewLogEntry),
  values: recordValues,
  valueLabels: z.record(z.string(), z.string()),
  instanceId: z.string().nullable(),
  afterApprovalAt: instant.nullable(),
  notes: z.array(z.string()),
  lateDays,
  withdrawnVersions: z.array(withdrawnVersion),
  repeatedFiles: z.array(repeatedFile),
}) satisfies z.ZodType<RecordDetail>;

/** GET {base}/:id, and every write that answers the record as it now is (review, retract, 销假). */
export const recordDetailAnswer = envelope(recordDetail);

/** PUT {base}/:id: the record, or with `Prefer: return=minimal` (an outbox) only its id and status. */
export const recordWriteAnswer = envelope(z.union([recordDetail, z.object({ id: z.string(), status: recordStatus }).meta({ description: 'Prefer: return=minimal 时' })]));

const recordBrief = z.object({
  id: z.string(),
  title: z.string(),
  status: recordStatus,
  score: z.number().nullable(),
  adviserComment: z.string().nullable(),
  submittedAt: instant.nullable(),
  reviewedAt: instant.nullable(),
  updatedAt: instant,
  attachmentCount: counted,
  values: recordValues,
  instanceId: z.string().nullable(),
  notes: z.array(z.string()),
  lateDays,
  retractable: z.boolean(),
}) satisfies z.ZodType<RecordBrief>;

const mySlot = z.object({
  periodStart: date,
  periodEnd: date,
  periodNo: counted.meta({ description: '第N周/第N月，自1起；按日期随时填写的记录为 0' }),
  closedReason: z.string().nullable(),
  record: recordBrief.nullable(),
}) satisfies z.ZodType<MySlot>;

/** GET {base}/mine. */
export const myRecordsAnswer = envelope(
  z.array(
    z.object({
      id: z.string(),
      programId: z.string(),
      programName: z.string(),
      programType,
      term: z.string().nullable(),
      unitName: z.string(),
      post: z.string().nullable(),
      adviserName: z.string().nullable(),
      mentorName: z.string().nullable(),
      startDate: date,
      endDate: date,
      status: enrolmentStatus,
      minLength: counted,
      checkinMode: optionValues(CHECKIN_MODES),
      checkinPhoto: z.boolean(),
      offered: z.boolean(),
      progress: z.object({ submitted: counted, required: counted }).nullable(),
      slots: z.array(mySlot),
    }) satisfies z.ZodType<MyPlacementRecords>,
  ),
);

/** GET {base}/unitOptions: the units a record may name. */
export const unitOptionsAnswer = envelope(pageOf(z.object({ id: z.string(), name: z.string() })));

/** GET {base}/overlapDateCheck: the other record the time range overlaps, or null. */
export const overlapAnswer = envelope(z.object({ id: z.string(), title: z.string(), startsAt: instant, endsAt: instant }).nullable());

/** POST {base}/:id/attachments and the visit's: the stored file. */
export const attachmentAnswer = envelope(attachmentMeta);

/** A record's or a visit's file upload: multipart field file, its client-generated id in the X-Attachment-Id header. */
export const attachmentUpload = z.object({ file: uploadFile.meta({ format: 'binary', description: '文件（图片或PDF，10MB以内）；其编号（UUID）放在 X-Attachment-Id 请求头中' }) });

/** Routes answering an attachment's bytes, as the server recognised them on upload. */
export const ATTACHMENT_FILE_TYPES = [...ATTACHMENT_TYPES];

/** GET {base}/daily: the day's list of check-ins. */
export const dailyListAnswer = envelope(
  z.array(
    z.object({
      enrolmentId: z.string(),
      studentName: z.string(),
      studentNo: z.string().nullable(),
      className: z.string().nullable(),
      recordId: z.string().nullable(),
      checkedAt: instant.nullable(),
      receivedAt: instant.nullable(),
      checkedOutAt: instant.nullable(),
      photos: z.array(attachmentMeta),
      location: z.string().nullable(),
      accuracy: z.string().nullable(),
      distance: z.number().nullable().meta({ description: '距实习地点（米）' }),
      notes: z.array(z.string()),
    }) satisfies z.ZodType<DailyRow>,
  ),
);

/** GET {base}/workplaceProposals. */
export const workplaceProposalsAnswer = envelope(
  z.array(
    z.object({
      enrolmentId: z.string(),
      studentName: z.string(),
      studentNo: z.string().nullable(),
      className: z.string().nullable(),
      latitude: z.number(),
      longitude: z.number(),
      spread: counted.meta({ description: '最远一次签到距建议地点（米）' }),
      days: z.array(date),
    }) satisfies z.ZodType<WorkplaceProposal>,
  ),
);

/** GET {base}/:id/similarity: the record's 雷同提示. */
export const similarityFlagsAnswer = envelope(
  z.array(
    z.object({
      id: z.string(),
      percent: z.number().int().min(0).max(100),
      ranges: z.array(z.tuple([counted, counted])).meta({ description: '本记录中相同的段落，[起, 止)' }),
      match: z.object({
        recordId: z.string(),
        title: z.string(),
        studentName: z.string(),
        own: z.boolean(),
        submittedAt: instant.nullable(),
        passages: z.array(z.string()),
      }),
      dismissed: z.object({ at: instant, by: z.string(), reason: z.string() }).nullable(),
    }) satisfies z.ZodType<SimilarityFlag>,
  ),
);

/** GET {base}/review: the reviewer's list. */
export const reviewPageAnswer = envelope(
  pageOf(
    z.object({
      id: z.string(),
      kind: recordKind,
      enrolmentId: z.string(),
      studentName: z.string(),
      studentNo: z.string().nullable(),
      departName: z.string().nullable(),
      programName: z.string(),
      periodStart: date,
      periodEnd: date,
      periodLabel: z.string(),
      title: z.string(),
      status: recordStatus,
      score: z.number().nullable(),
      submittedAt: instant.nullable(),
      receivedAt: instant.nullable(),
      submitTimeFlag: deviceTimeFlag.nullable(),
      reviewedAt: instant.nullable(),
      canReview: z.boolean(),
      lateDays,
    }) satisfies z.ZodType<RecordReviewRow>,
  ),
);

/** POST {base}/review/batch: how many were approved. */
export const batchReviewAnswer = envelope(z.object({ count: counted }));

// ---- visits ----------------------------------------------------------------------------------------

const visitStudent = z.object({ enrolmentId: z.string(), studentName: z.string(), studentNo: z.string(), unitName: z.string().nullable() }) satisfies z.ZodType<VisitStudent>;

const visitRow = z.object({
  id: z.string(),
  visitDate: date,
  mode: optionValues(VISIT_MODES),
  adviserName: z.string(),
  students: z.array(z.string()),
  notes: z.string(),
  photoCount: counted,
  createdAt: instant,
}) satisfies z.ZodType<VisitRow>;

export const visitStudentsAnswer = envelope(z.array(visitStudent));
export const visitPageAnswer = envelope(pageOf(visitRow));
export const visitDetailAnswer = envelope(visitRow.extend({ studentList: z.array(visitStudent), attachments: z.array(attachmentMeta) }) satisfies z.ZodType<VisitDetail>);
export const visitSavedAnswer = envelope(z.object({ id: z.string() }));

// ---- the season ------------------------------------------------------------------------------------

const seasonOption = z.object({ value: z.string(), label: z.string() }) satisfies z.ZodType<SeasonOption>;
const contactCounts = z.object({ adviser: counted, headTeacher: counted }) satisfies z.ZodType<ContactCounts>;

const seasonWeek = z.object({
  periodNo: dayCount,
  periodStart: date,
  periodEnd: date,
  dueDate: date,
  toRemind: counted.meta({ description: '一键催交将提醒的学生数' }),
}) satisfies z.ZodType<SeasonWeek>;

const seasonCell = z.object({
  periodStart: date,
  state: z.enum(SEASON_STATES),
  lateDays: dayCount.nullable().meta({ description: '已交者迟交天数，应交者逾期天数' }),
  recordId: z.string().nullable(),
}) satisfies z.ZodType<SeasonCell>;

const seasonRow = z.object({
  enrolmentId: z.string(),
  studentName: z.string(),
  studentNo: z.string(),
  className: z.string().nullable(),
  cells: z.array(seasonCell),
  contacts: contactCounts,
}) satisfies z.ZodType<SeasonRow>;

/** GET /internship/season. */
export const seasonGridAnswer = envelope(
  z.object({
    programId: z.string().nullable(),
    programs: z.array(seasonOption),
    classes: z.array(seasonOption),
    weeks: z.array(seasonWeek),
    rows: z.array(seasonRow),
    contactsRequired: contactCounts,
    contactMonth: z.string(),
    total: counted,
    current: dayCount,
    size: dayCount,
  }) satisfies z.ZodType<SeasonGrid>,
);

/** POST /internship/season/remind. */
export const seasonRemindAnswer = envelope(z.object({ reminded: counted }) satisfies z.ZodType<SeasonRemindResult>);
