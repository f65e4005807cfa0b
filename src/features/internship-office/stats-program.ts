import { useSearchParams } from 'react-router-dom';
import type { StatsProgram } from '@contract/internship-warning.ts';
import { useStatsPrograms } from './stats-api.ts';

/** The program the statistics show: the address's programId, else the first running one, else the newest. */
export function useChosenProgram() {
  const programs = useStatsPrograms();
  const [params, setParams] = useSearchParams();
  const list = programs.data ?? [];
  const asked = params.get('programId');
  const program: StatsProgram | undefined = list.find((p) => p.id === asked) ?? list.find((p) => p.status === 'running') ?? list[0];
  const choose = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('programId', id);
      return next;
    });
  return { programs, program, choose };
}
