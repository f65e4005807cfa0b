import { queryOptions, useQuery } from '@tanstack/react-query';
import { WORKFLOW_URL, type ProcessModel } from '@contract/workflow.ts';
import { http } from '@/lib/api-client.ts';

/** Every process model with its steps and who changed it last (workflow:model:edit). */
export const getModels = () => http.get<ProcessModel[]>(WORKFLOW_URL.models);

export const MODELS_KEY = ['workflow', 'models'] as const;

export const modelsQuery = () => queryOptions({ queryKey: MODELS_KEY, queryFn: getModels, staleTime: 0 });

export const useModels = (enabled = true) => useQuery({ ...modelsQuery(), enabled });
