import { useState } from 'react';
import { ruleMessage } from '@contract/internship-rules.ts';
import { FORBIDDEN_INDUSTRY_DICT, INDUSTRY_DICT, UNIT_PERMISSIONS, UNIT_PUBLISHED_URL, UNIT_REVIEW_MSG, UNIT_SITE_REPORT, forbiddenIndustryProblem, mentorAccountSchema, type UnitReviewAction } from '@contract/internship-unit.ts';
import type { FieldSpec } from '@/components/field-set/field-spec.ts';
import { downloadFile } from '@/components/download/download.ts';
import type { ListTool, RowAction } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { useFormCarry } from '@/components/resource/form-carry.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { dictText, useDictItems } from '@/hooks/use-dict-items.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { problemRule } from '@/lib/form-rule.ts';
import { useMentorAccount, useReviewUnit } from '../api/unit-api.ts';

/** What both layouts of 实习单位 share beyond the resource: 审核 and 生成导师账号, their rules, calls and messages (no UI library here). */

/**
 * The page's hook (components/device-page.tsx): the open form carried across layouts, and the unit being
 * reviewed, the unit whose posts and contacts are open (the phone's sheet) and the contact getting a
 * mentor account, for who may.
 */
export function useUnitListPage() {
  const { carry } = useFormCarry();
  const [reviewing, setReviewing] = useState<ResourceRow | null>(null);
  const [showing, setShowing] = useState<ResourceRow | null>(null);
  const [accountFor, setAccountFor] = useState<ResourceRow | null>(null);
  // Each opens a sheet of its own on the phone, which closes the row's form first.
  const actions: RowAction<ResourceRow>[] = [
    { key: 'contacts', label: '岗位与联系人', only: 'phone', sheet: true, run: setShowing },
    { key: 'review', label: '审核', permission: UNIT_PERMISSIONS.review, sheet: true, run: setReviewing },
  ];
  /** 生成导师账号, for a contact with a phone and no account yet. */
  /** 公布名单: this year's list of the units 合作中 with their site assessment, as a PDF to publish (Art. 7). */
  const tools: ListTool[] = [{ key: 'published', label: '公布名单', permission: UNIT_PERMISSIONS.export, only: 'desktop', run: () => void downloadFile(UNIT_PUBLISHED_URL, {}, '实习单位名单.pdf').catch(() => undefined) }];
  const contactActions: RowAction<ResourceRow>[] = [
    { key: 'account', label: '生成导师账号', permission: UNIT_PERMISSIONS.edit, when: (contact) => !contact.username && Boolean(contact.phone), sheet: true, run: setAccountFor },
  ];
  return {
    carry,
    state: {
      canReview: usePermission(UNIT_PERMISSIONS.review),
      actions,
      tools,
      contactActions,
      reviewing,
      review: setReviewing,
      showing,
      show: setShowing,
      accountFor,
      createAccount: setAccountFor,
    },
  };
}

export type UnitListState = ReturnType<typeof useUnitListPage>['state'];

export interface ReviewChoice {
  action: UnitReviewAction;
  label: string;
}

/** What the office may do with a unit in its status: 通过/不通过 a pending one, 停用 an active one, 重新启用 a disabled one. */
export function reviewChoices(status: unknown): ReviewChoice[] {
  if (status === 'pending') return [{ action: 'disable', label: '不通过' }, { action: 'approve', label: '通过' }];
  if (status === 'active') return [{ action: 'disable', label: '停用' }];
  return [{ action: 'approve', label: '重新启用' }];
}

/**
 * The refusal 通过 would meet, known before it is pressed: the unit's industry is on the forbidden list as the
 * dictionary now has it. The server checks again (the list may have changed since).
 */
export function useForbiddenRefusal(unit: ResourceRow | null): string | null {
  const forbidden = useDictItems(FORBIDDEN_INDUSTRY_DICT).data;
  const industries = useDictItems(INDUSTRY_DICT).data;
  const industry = typeof unit?.industry === 'string' ? unit.industry : '';
  if (!unit || !industry || !forbidden?.some((item) => item.value === industry)) return null;
  const label = industries?.some((item) => item.value === industry) ? dictText(industries, industry) : dictText(forbidden, industry);
  return ruleMessage('forbiddenIndustry', forbiddenIndustryProblem(String(unit.name ?? ''), label, '不能审核通过'));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : '操作失败');

/**
 * The 审核 dialog's state for either layout: the comment, the problem shown in the dialog (a missing
 * reason, or the server's refusal), the forbidden-industry rule, and the choice's call.
 */
export function useUnitReview(unit: ResourceRow | null, onClose: () => void) {
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const review = useReviewUnit();
  const forbidden = useForbiddenRefusal(unit);
  const close = () => {
    setComment('');
    setProblem(null);
    review.reset();
    onClose();
  };
  const choose = async ({ action }: ReviewChoice) => {
    if (!unit) return;
    if (action === 'disable' && !comment.trim()) {
      setProblem(UNIT_REVIEW_MSG.commentRequired);
      return;
    }
    try {
      notify.success(await review.mutateAsync({ id: unit.id, action, comment: comment.trim() || null }));
      close();
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  const pendingAction = review.isPending ? review.variables?.action : undefined;
  return { comment, setComment, problem, forbidden, close, choose, pendingAction };
}

const passwordSchema = mentorAccountSchema.def.shape.password;
/** 生成导师账号's one field: the initial password, checked by the shared schema. */
export const MENTOR_PASSWORD_FIELDS: FieldSpec[] = [
  { name: 'password', label: '初始密码', example: '至少8位，含字母、数字和特殊符号', input: 'password', rule: problemRule((value) => passwordSchema.safeParse(value ?? '').error?.issues[0]?.message ?? null) },
];

/** 生成导师账号 for either layout: the server's refusal shown in the form, and the call. */
export function useMentorAccountForm(contact: ResourceRow | null, onClose: () => void) {
  const create = useMentorAccount();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const submit = async (password: string) => {
    if (!contact) return;
    try {
      notify.success(await create.mutateAsync({ id: contact.id, password }));
      close();
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  return { problem, close, submit, pending: create.isPending };
}

/** The unit's saved site assessment report (考察报告): 查看 while its form still names it, and in its 详情. */
export const siteReportOf = (unit: ResourceRow | null) =>
  unit && typeof unit.siteReportAttachmentId === 'string' ? { id: unit.siteReportAttachmentId, url: UNIT_SITE_REPORT.file, params: { id: unit.id } } : null;
