import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { COMPLIANCE_URL, type ComplianceList, type ComplianceQuery, type ComplianceRemindResult } from '@contract/compliance.ts';
import { downloadFile } from '@/components/download/download.ts';
import { http, request } from '@/lib/api-client.ts';

/** A page of 合规检查: a program's placements lacking something (or every one), with the counts per item. */
export const complianceQuery = (query: ComplianceQuery) =>
  queryOptions({ queryKey: ['internship', 'compliance', query], queryFn: () => http.get<ComplianceList>(COMPLIANCE_URL.list, { ...query }), placeholderData: keepPreviousData });
export const useComplianceQuery = (query: ComplianceQuery) => useQuery(complianceQuery(query));

/** 一键提醒: the server's message says how many students and advisers it told. */
export const useComplianceRemind = () => useMutation({ mutationFn: (programId: string) => request<ComplianceRemindResult>({ method: 'post', url: COMPLIANCE_URL.remind, data: { programId } }) });

export const exportCompliance = (programId: string) => downloadFile(COMPLIANCE_URL.exportXls, { programId }, '合规检查.xlsx');
