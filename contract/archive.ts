import * as z from 'zod/mini';
import { isUuid } from './internship.ts';
import { lazySchema } from './lazy-schema.ts';
import { RECORD_KINDS, type RecordKindCode } from './records.ts';

/**
 * 一生一档 (issue 36): a student's internship in one program as one zip, or a class's as a zip of the students' zips,
 * made in the background. A student's zip holds the index (目录, with a verification code), every filed record with
 * its review in one PDF (实习过程记录), each record's files as filed under their original names, the 实习鉴定表, the
 * placement's agreement files, and manifest.json with each file's size and SHA-256.
 */

export const ARCHIVE_URL = {
  start: '/documents/archive',
  /** The server registers them with ':id'. */
  status: (id: string) => `/documents/archive/${id}`,
  file: (id: string) => `/documents/archive/${id}/file`,
} as const;

export const ARCHIVE_SCOPES = ['student', 'class'] as const;
export type ArchiveScope = (typeof ARCHIVE_SCOPES)[number];

export const ARCHIVE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ArchiveStatusCode = (typeof ARCHIVE_STATUSES)[number];
export const ARCHIVE_STATUS_LABELS: Record<ArchiveStatusCode, string> = { queued: '排队中', running: '生成中', done: '已完成', failed: '生成失败' };

/** How long a finished archive stays to be downloaded, and after how long one still unfinished is taken as interrupted. */
export const ARCHIVE_KEEP_HOURS = 24;
export const ARCHIVE_STALE_MINUTES = 60;

export const ARCHIVE_MSG = {
  scope: '请选择生成学生档案或班级档案',
  placement: '请选择一名学生',
  classScope: '请选择一个实习计划和一个班级，再生成班级档案',
  outOfReach: '该学生不在您可查看的范围内，不能生成其档案',
  classNone: '该班级在此实习计划中没有您可查看的学生，不能生成班级档案',
  idFormat: '档案编号格式有误',
  notFound: '档案不存在或已清理',
  notReady: '档案尚未生成完成，请稍候',
  fileGone: '档案文件已清理，请重新生成',
  failed: '档案生成失败，请重新生成',
  interrupted: '档案生成中断（服务重启），请重新生成',
} as const;

const placementId = z.string({ error: ARCHIVE_MSG.placement }).check(z.refine(isUuid, ARCHIVE_MSG.placement));
const classPart = z.string({ error: ARCHIVE_MSG.classScope }).check(z.minLength(1, ARCHIVE_MSG.classScope), z.maxLength(64, ARCHIVE_MSG.classScope));

/** POST: one placement's student (their placements of its program), or a class of a program. */
export const archiveRequestSchema = lazySchema(() =>
  z.discriminatedUnion(
    'scope',
    [z.object({ scope: z.literal('student'), placementId }), z.object({ scope: z.literal('class'), classId: classPart, programId: classPart })],
    { error: ARCHIVE_MSG.scope },
  ),
);
export type ArchiveRequest = z.infer<typeof archiveRequestSchema>;

export const archiveIdParams = lazySchema(() => z.object({ id: z.string({ error: ARCHIVE_MSG.idFormat }).check(z.refine(isUuid, ARCHIVE_MSG.idFormat)) }));

/** How far an archive got: done of total students; the file once done. */
export interface ArchiveStatus {
  id: string;
  scope: ArchiveScope;
  status: ArchiveStatusCode;
  done: number;
  total: number;
  fileName: string | null;
  size: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const archiveFinished = (status: ArchiveStatusCode) => status === 'done' || status === 'failed';

// ---- what a student's zip holds, in order ------------------------------------------------------

/** The record kinds in the archive's order: 实习计划书, 周记, 月报, 日报, 实习报告, 请假, 单位变更, 补卡, then 签到 (summarised). */
export const ARCHIVE_RECORD_KINDS = ['plan', 'weekly', 'monthly', 'daily', 'report', 'leave', 'change', 'makeup', 'checkin'] as const satisfies readonly RecordKindCode[];
export type ArchiveSectionKey = (typeof ARCHIVE_RECORD_KINDS)[number] | 'interaction' | 'visit';

const pad = (n: number) => String(n).padStart(2, '0');

/** The sections of the records, each with the folder its files go in (03-周记). */
export const ARCHIVE_SECTIONS: readonly { key: ArchiveSectionKey; label: string; folder: string }[] = [
  ...ARCHIVE_RECORD_KINDS.map((kind) => ({ key: kind, label: RECORD_KINDS[kind].label })),
  { key: 'interaction' as const, label: '互动' },
  { key: 'visit' as const, label: '走访记录' },
].map((section, i) => ({ ...section, folder: `${pad(i + 2)}-${section.label}` }));

/** The files every student's zip has, by these names; the sections' folders lie between records and appraisal. */
export const ARCHIVE_FILES = {
  index: '00-目录.pdf',
  records: '01-实习过程记录.pdf',
  appraisal: `${pad(ARCHIVE_SECTIONS.length + 2)}-实习鉴定表.pdf`,
  agreements: `${pad(ARCHIVE_SECTIONS.length + 3)}-实习协议`,
  manifest: 'manifest.json',
} as const;

/** manifest.json: each file of the zip (but itself) with its size and SHA-256, in the zip's order. */
export interface ArchiveManifest {
  title: string;
  school: string;
  generatedAt: string;
  files: { path: string; size: number; sha256: string }[];
}
