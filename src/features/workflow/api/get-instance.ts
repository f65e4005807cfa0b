import { queryOptions, useQuery } from '@tanstack/react-query';
import { WORKFLOW_URL, type InstanceView } from '@contract/workflow.ts';
import { http } from '@/lib/api-client.ts';

/** One application with its steps and history, and what the caller may do on it (decide, withdraw). */
export const getInstance = (id: string) => http.get<InstanceView>(WORKFLOW_URL.instance(id));

export const instanceKey = (id: string) => ['workflow', 'instance', id] as const;

// Read afresh at each opening: another approver may have decided it meanwhile.
export const instanceQuery = (id: string) => queryOptions({ queryKey: instanceKey(id), queryFn: () => getInstance(id), staleTime: 0 });

export const useInstance = (id: string) => useQuery(instanceQuery(id));
