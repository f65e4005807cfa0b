import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ruleMessage } from '@contract/internship-rules.ts';
import {
  CONTACT_RESOURCE,
  FORBIDDEN_INDUSTRY_DICT,
  INDUSTRY_DICT,
  UNIT_RESOURCE,
  forbiddenIndustryProblem,
  mentorAccountUrl,
  unitReviewUrl,
  type MentorAccountInput,
  type UnitReviewAction,
  type UnitReviewInput,
  UNIT_REVIEW_MSG,
  mentorAccountSchema,
} from '@contract/internship-unit.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { problemRule } from '@/lib/form-rule.ts';
import { fetchResourcePage, resourceKey, type ResourceRow } from '@/components/resource/resource-api.ts';
import { dictText, useDictItems } from '@/hooks/use-dict-items.ts';
import { request } from '@/lib/api-client.ts';

/** 实习单位's calls beyond the resource's own, shared by the desktop and phone layouts (no antd here). */

/** 审核: approve or disable; resolves to the server's message. A refusal stays with the caller (shown in the dialog). */
export function useReviewUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: UnitReviewInput) => (await request<null>({ method: 'post', url: unitReviewUrl, data: input, silent: true })).message,
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(UNIT_RESOURCE) }),
  });
}

/** 生成导师账号 for a contact; resolves to the server's message naming the account. */
export function useMentorAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MentorAccountInput) => (await request<null>({ method: 'post', url: mentorAccountUrl, data: input, silent: true })).message,
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(CONTACT_RESOURCE) }),
  });
}

/** The names a unit's 联系人 is chosen from: its contacts (a name typed that is none of them becomes one on saving). */
export function useContactNames(unitId: string | undefined): string[] {
  const params = { pageNo: 1, pageSize: 100, unitId };
  const page = useQuery({ queryKey: [...resourceKey(CONTACT_RESOURCE), 'page', params], queryFn: () => fetchResourcePage(CONTACT_RESOURCE, params), enabled: Boolean(unitId) });
  return unitId ? [...new Set((page.data?.records ?? []).map((c) => String(c.name)))] : [];
}

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
/** The initial password's rule, by the shared schema. */
export const mentorPasswordRule = problemRule((value) => passwordSchema.safeParse(value ?? '').error?.issues[0]?.message ?? null);

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
