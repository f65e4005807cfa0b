import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MENTOR_ITEMS, SCORE_COMPONENTS, SCORE_COMPONENT_LABELS, SCORE_MSG, SCORE_PERMISSIONS, SCORE_RESOURCE, SCORE_STATUS_LABELS, type ScoreDetail, type ScoreRow, type ScoreStatus } from '@contract/internship-score.ts';
import type { DetailItem } from '@/components/detail-list/detail-columns.ts';
import type { RowAction, ShownTag } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { useResourceInfinite, type ResourceRow } from '@/components/resource/resource-api.ts';
import type { Tone } from '@/components/tone-colors.ts';
import type { RegisterFormat } from '@contract/documents.ts';
import type { Device } from '@/hooks/use-device.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { downloadAppraisal, downloadScoreRegister, scoreDetailQuery, useAdviserScore, useEvaluate, usePublish, useReopen } from '../api/score-api.ts';
import { useArchiveProgress } from './archive-progress.ts';
import { adviserForm, mentorInput, type AdviserFormValues, type MentorFormValues } from './score-parts.ts';

/** What both layouts of 实习成绩 share beyond the resource (no UI library here). */

/** Each status's tone, as both layouts' tags take it (components/tone-colors.ts). */
export const SCORE_STATUS_TONE: Record<ScoreStatus, Tone> = { pending: 'default', ready: 'processing', published: 'success' };

/** The status as a tag of either layout. */
export const statusShown = (status: ScoreStatus): ShownTag => ({ tag: SCORE_STATUS_LABELS[status], tone: SCORE_STATUS_TONE[status] });

const SEARCH = {};

/**
 * The page's hook (components/device-page.tsx): the phone's list and the score it has open, and
 * publication for whoever may publish (the desktop's table reads its own rows).
 */
export function useScorePage(device: Device) {
  const list = useResourceInfinite(SCORE_RESOURCE, SEARCH, 20, device === 'phone');
  const [openId, setOpenId] = useState<string | null>(null);
  const open = useQuery({ ...scoreDetailQuery(openId ?? ''), enabled: openId !== null });
  const canPublish = usePermission(SCORE_PERMISSIONS.publish);
  const publish = usePublish();
  const publishRows = async (rows: ResourceRow[], clear?: () => void) => {
    await publish.mutateAsync(rows.map((r) => r.id));
    notify.success(`已发布${rows.length}条成绩`);
    clear?.();
  };
  const [printing, setPrinting] = useState<string | null>(null);
  /** Prints and says nothing more: the file is the answer; a refusal is shown by the API client. */
  const printAppraisal = async (key: string, target: Parameters<typeof downloadAppraisal>[0]) => {
    setPrinting(key);
    try {
      await downloadAppraisal(target);
    } finally {
      setPrinting(null);
    }
  };
  const archive = useArchiveProgress();
  /** 学生档案 of a placement's student (their placements of its program); a refusal is shown by the API client. */
  const archiveStudent = (row: Pick<ScoreRow, 'id' | 'studentName'>) => archive.start({ scope: 'student', placementId: row.id }, `${row.studentName}的学生档案`).catch(() => undefined);
  const actions: RowAction<ResourceRow>[] = [
    {
      key: 'appraisal',
      label: '鉴定表',
      permission: SCORE_PERMISSIONS.print,
      busy: (row) => printing === row.id,
      hint: () => '打印该生的实习鉴定表（PDF）',
      run: (row) => printAppraisal(row.id, { ids: [row.id] }).catch(() => undefined),
    },
    {
      key: 'archive',
      label: '档案',
      permission: SCORE_PERMISSIONS.archive,
      hint: () => '生成该生的学生档案：各项记录、附件、鉴定表与协议的压缩包',
      run: (row) => archiveStudent({ id: row.id, studentName: String(row.studentName) }),
    },
    {
      key: 'publish',
      label: '发布',
      permission: SCORE_PERMISSIONS.publish,
      when: (row) => row.status === 'ready',
      confirm: (row) => ({ title: `发布${String(row.studentName)}的成绩？发布后成绩锁定，修改需重新开放。`, ok: '发布' }),
      run: (row) => publishRows([row]),
    },
  ];
  return {
    state: {
      list,
      rows: (list.data?.pages.flatMap((p) => p.records) ?? []) as unknown as ScoreRow[],
      openId,
      /** The score open in the phone's sheet. */
      open,
      show: setOpenId,
      close: () => setOpenId(null),
      canPublish,
      publishing: publish.isPending,
      publishRows,
      /** 鉴定表 of one student, and 发布 of a ready score: row actions of both layouts. */
      actions,
      canPrint: usePermission(SCORE_PERMISSIONS.print),
      /** 打印鉴定表 of the chosen rows or of every row the search matches (a class), in one file. */
      printing: printing === 'batch',
      printAppraisal: (target: Parameters<typeof downloadAppraisal>[0]) => printAppraisal('batch', target),
      /** 成绩登记表 of the class the chosen rows (or the search) are of, in one program. */
      printRegister: (scope: { programId: string; classId: string }, format: RegisterFormat) => downloadScoreRegister(scope, format),
      canArchive: usePermission(SCORE_PERMISSIONS.archive),
      /** The archive asked for last, followed to its download (a dialog on the desktop, a card on the phone). */
      archive,
      archiveStudent,
      /** 班级档案 of a class of a program: a zip of its students' archives. */
      archiveClass: (scope: { programId: string; classId: string }, className: string) => archive.start({ scope: 'class', ...scope }, `${className}的班级档案`).catch(() => undefined),
    },
  };
}

export type ScorePageState = ReturnType<typeof useScorePage>['state'];

/** The score's components with their weights and scores, as both layouts list them (keyed by component). */
export const componentItems = (detail: ScoreDetail): DetailItem[] =>
  SCORE_COMPONENTS.map((c) => ({ key: c, label: `${SCORE_COMPONENT_LABELS[c]}（${detail.weights[c]}%）`, content: detail[`${c}Score`] ?? '—' }));

/** The mentor's items with what was given for each (null where nothing yet). */
export const mentorRows = (detail: ScoreDetail) =>
  MENTOR_ITEMS.map((item) => ({ key: item.key, label: item.label, score: detail.mentorItems?.[item.key].score ?? null, comment: detail.mentorItems?.[item.key].comment ?? null }));

/** Sends the mentor's form and says so; a refusal is shown by the API client. */
export function useMentorSubmit(detail: ScoreDetail) {
  const evaluate = useEvaluate();
  const submit = (values: MentorFormValues) =>
    void evaluate
      .mutateAsync({ id: detail.id, input: mentorInput(values) })
      .then(() => notify.success('评价已提交'))
      .catch(() => undefined);
  return { submit, pending: evaluate.isPending };
}

/** The adviser's form (score-parts adviserForm) with its submit. */
export function useAdviserSubmit(detail: ScoreDetail) {
  const save = useAdviserScore();
  const form = adviserForm(detail);
  const submit = (values: AdviserFormValues) =>
    void save
      .mutateAsync({ id: detail.id, input: form.input(values) })
      .then(() => notify.success('评分已保存'))
      .catch(() => undefined);
  return { ...form, submit, pending: save.isPending };
}

/** 重新开放 a published score: the reason typed, refused while blank, recorded with the score. */
export function useReopenForm(id: string) {
  const [reason, setReason] = useState('');
  const reopen = useReopen();
  const submit = async () => {
    if (!reason.trim()) return notify.error(SCORE_MSG.reasonRequired);
    try {
      await reopen.mutateAsync({ id, reason });
      notify.success('成绩已重新开放');
      setReason('');
    } catch {
      // The client has shown the server's refusal.
    }
  };
  return { reason, setReason, submit, pending: reopen.isPending };
}

/** The one program and class the chosen rows (or the search matching every row) are of, for 成绩登记表; null when not one. */
export function registerScope(rows: readonly ResourceRow[], search?: Record<string, string | undefined>): { programId: string; classId: string } | null {
  const only = (values: Set<string>) => (values.size === 1 ? [...values][0] || undefined : undefined);
  // The search's own choice, or else the one every chosen row (every row of the page, for the whole search) shares.
  const programId = search?.programId || only(new Set(rows.map((r) => String(r.programId ?? ''))));
  const classId = search ? search.classId : only(new Set(rows.map((r) => String(r.classId ?? ''))));
  return programId && classId ? { programId, classId } : null;
}
