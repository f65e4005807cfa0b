import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROGRAM_RESOURCE, PROGRAM_URL, type EnrolResult, type ProgramClassRow, type ProgramStatus, type ProgramStudentRow } from '@contract/internship-program.ts';
import type { PageResult } from '@contract/resource.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { http } from '@/lib/api-client.ts';

/** 实习计划's own calls beside the resource's: status, classes, 按班级报名, the enrolled students. */

const programKey = (programId: string) => [...resourceKey(PROGRAM_RESOURCE), 'program', programId] as const;

export function useProgramClasses(programId: string) {
  return useQuery({ queryKey: [...programKey(programId), 'classes'], queryFn: () => http.get<ProgramClassRow[]>(PROGRAM_URL.classes, { programId }) });
}

export interface StudentSearch {
  keyword: string;
  pageNo: number;
  pageSize: number;
}

export function useProgramStudents(programId: string, { keyword, pageNo, pageSize }: StudentSearch, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...programKey(programId), 'students', keyword, pageNo, pageSize],
    queryFn: () => http.get<PageResult<ProgramStudentRow>>(PROGRAM_URL.students, { programId, pageNo, pageSize, ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
}

/** The phone's list: twenty at a time as the student scrolls. */
export function useProgramStudentsInfinite(programId: string, keyword: string, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...programKey(programId), 'students-infinite', keyword],
    queryFn: ({ pageParam }) => http.get<PageResult<ProgramStudentRow>>(PROGRAM_URL.students, { programId, pageNo: pageParam, pageSize: 20, ...(keyword ? { keyword } : {}) }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current * last.size < last.total ? last.current + 1 : undefined),
  });
}

/** Every program call reloads the program's lists and the programs (a status, counts). */
function useProgramMutation<Input, Result>(call: (input: Input) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: resourceKey(PROGRAM_RESOURCE) }) });
}

export const useSetStatus = () => useProgramMutation(({ id, status }: { id: string; status: ProgramStatus }) => http.post<null>(PROGRAM_URL.status, { id, status }));
export const useAddClasses = (programId: string) => useProgramMutation((classIds: string[]) => http.post<null>(PROGRAM_URL.addClasses, { programId, classIds }));
export const useRemoveClass = (programId: string) => useProgramMutation((classId: string) => http.post<null>(PROGRAM_URL.removeClass, { programId, classId }));
export const useEnrol = (programId: string) => useProgramMutation((classIds: string[]) => http.post<EnrolResult>(PROGRAM_URL.enrol, { programId, classIds }));
