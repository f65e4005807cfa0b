import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_KINDS, TEMPLATE_URL, type DocumentTemplate, type TemplateInput, type TemplateKind } from '@contract/documents.ts';
import { EXCEPTION_URL, type ExceptionInput } from '@contract/internship-exception.ts';
import { PLACEMENT_API, PLACEMENT_RESOURCE, type AdviserAssignmentRow, type PlacementFacts, type StatusAction } from '@contract/internship-placement.ts';
import type { PageResult } from '@contract/resource.ts';
import { downloadFile } from '@/components/download/download.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { http } from '@/lib/api-client.ts';

/** What the checklist needs to judge the values chosen so far (the program, student, unit and post, with the places taken). */
export interface FactsKey {
  id?: string;
  programId?: string | null;
  studentUserId?: string | null;
  unitId?: string | null;
  postId?: string | null;
}

const present = (key: FactsKey) => Object.fromEntries(Object.entries(key).filter(([, v]) => typeof v === 'string' && v !== ''));

export function usePlacementFacts(key: FactsKey) {
  const params = present(key);
  return useQuery({
    queryKey: ['placement-facts', params],
    queryFn: () => http.get<PlacementFacts>(PLACEMENT_API.facts, params, { silent: true }),
    enabled: Object.keys(params).length > 0,
    placeholderData: (previous) => previous,
    // The places taken and the exceptions decided change by others' hands: each form opened reads them anew.
    staleTime: 0,
  });
}

/** 申请例外备案: sent to the office; the checklist's facts reload to show it 审批中. */
export function useRequestException() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ExceptionInput) => http.post<{ id: string }>(EXCEPTION_URL.add, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['placement-facts'] }),
  });
}

/** A change to placements: the list and the ti03 list reload. */
function usePlacementMutation<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: resourceKey(PLACEMENT_RESOURCE) });
      await client.invalidateQueries({ queryKey: ['placement-advisers'] });
    },
  });
}

export const useSetPlacementStatus = () => usePlacementMutation(({ id, action, reason }: { id: string; action: StatusAction; reason?: string }) => http.post<null>(PLACEMENT_API.status, { id, action, reason }));
/** 分配指导教师 to the chosen placements, or (search) to every one the list's search matches. */
export const useAssignAdviser = () => usePlacementMutation((input: { ids?: string[]; search?: Record<string, string | undefined>; adviserUserId: string }) => http.put<null>(PLACEMENT_API.assign, input));

export interface AdviserListQuery {
  programId?: string;
  unassigned?: '0' | '1';
  keyword?: string;
  pageSize?: number;
}

export function useAdviserList(query: AdviserListQuery, enabled = true) {
  const params = { pageNo: 1, pageSize: 200, ...present(query as FactsKey), ...query };
  return useQuery({ queryKey: ['placement-advisers', params], queryFn: () => http.get<PageResult<AdviserAssignmentRow>>(PLACEMENT_API.adviserList, params), enabled });
}

/** Sends a 三方协议 or 知情同意书 (PDF or image); the placement names it when saved. */
/** 三方协议 or 知情同意书 filled from the placement with the school's template, saved as a PDF to print and sign. */
export const downloadPlacementDocument = (id: string, kind: TemplateKind) => downloadFile(TEMPLATE_URL.print, { id, kind }, `${DOCUMENT_KINDS[kind]}.pdf`);

/** 文书模板: the school's text of each kind, and saving it. */
export const templateKey = (kind: TemplateKind) => ['documents', 'template', kind] as const;
export const templateQuery = (kind: TemplateKind) => queryOptions({ queryKey: templateKey(kind), queryFn: () => http.get<DocumentTemplate>(TEMPLATE_URL.one(kind)) });
export function useSaveTemplate(kind: TemplateKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInput) => http.put<DocumentTemplate>(TEMPLATE_URL.one(kind), input),
    onSuccess: (saved) => client.setQueryData(templateKey(kind), saved),
  });
}
