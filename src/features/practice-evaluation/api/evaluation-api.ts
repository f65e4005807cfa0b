import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EVALUATION_URL,
  type CourseAverage,
  type CourseToRate,
  type EvaluationStats,
  type RateCourseInput,
  type RateStudentInput,
  type StudentToRate,
  type TaughtClass,
} from '@contract/practice-evaluation.ts';
import { http } from '@/lib/api-client.ts';

const KEY = ['practice-evaluation'] as const;

export const useCoursesToRate = (enabled: boolean) => useQuery({ queryKey: [...KEY, 'courses'], queryFn: () => http.get<CourseToRate[]>(EVALUATION_URL.courses), enabled });
export const useTaught = (enabled: boolean) => useQuery({ queryKey: [...KEY, 'taught'], queryFn: () => http.get<TaughtClass[]>(EVALUATION_URL.taught), enabled });
export const useStudentsToRate = (taught: { courseId: string; classId: string } | null) =>
  useQuery({ queryKey: [...KEY, 'students', taught], queryFn: () => http.get<StudentToRate[]>(EVALUATION_URL.students, taught!), enabled: Boolean(taught) });
export const useReceived = (enabled: boolean) => useQuery({ queryKey: [...KEY, 'received'], queryFn: () => http.get<CourseAverage[]>(EVALUATION_URL.received), enabled });
export const useEvaluationStats = (enabled: boolean) => useQuery({ queryKey: [...KEY, 'stats'], queryFn: () => http.get<EvaluationStats>(EVALUATION_URL.stats), enabled });

/** A rating sent (refusals shown by the form that sent it); the lists read again. */
function useRate<Input>(url: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: Input) => http.post<null>(url, input, { silent: true }), onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}
export const useRateCourse = () => useRate<RateCourseInput>(EVALUATION_URL.rateCourse);
export const useRateStudent = () => useRate<RateStudentInput>(EVALUATION_URL.rateStudent);
