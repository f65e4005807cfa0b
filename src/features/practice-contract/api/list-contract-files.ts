import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRACT_FILE_URL, type ContractFileMeta } from '@contract/practice-contract.ts';
import { http } from '@/lib/api-client.ts';

/** The query keys of contract files: all of them, and one contract's. */
export const CONTRACT_FILES_KEY = ['practice-contract', 'files'] as const;
export const contractFilesKey = (contractId: string) => [...CONTRACT_FILES_KEY, contractId] as const;

export const listContractFiles = (contractId: string) => http.get<ContractFileMeta[]>(CONTRACT_FILE_URL.list, { contractId });

export const contractFilesQuery = (contractId: string) => queryOptions({ queryKey: contractFilesKey(contractId), queryFn: () => listContractFiles(contractId) });

export const useContractFiles = (contractId: string) => useQuery(contractFilesQuery(contractId));
