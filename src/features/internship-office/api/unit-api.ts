import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACT_RESOURCE, UNIT_RESOURCE, mentorAccountUrl, unitReviewUrl, type MentorAccountInput, type UnitReviewInput } from '@contract/internship-unit.ts';
import { fetchResourcePage, resourceKey } from '@/components/resource/resource-api.ts';
import { request } from '@/lib/api-client.ts';

/** 实习单位's calls beyond the resource's own (the screen's state is in components/unit-parts.ts). */

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
