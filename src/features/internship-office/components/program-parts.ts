import { PROGRAM_MSG, type EnrolResult, type ProgramStatus } from '@contract/internship-program.ts';
import type { Tone } from '@/components/tone-colors.ts';

export const STATUS_TONE: Record<ProgramStatus, Tone> = { draft: 'default', running: 'processing', ended: 'success' };

/** What 按班级报名 did: new placements, students already in the program, and those refused with their reasons. */
export function enrolSummary(result: EnrolResult) {
  const already = result.skipped.filter((s) => s.reason === PROGRAM_MSG.alreadyIn).length;
  const refused = result.skipped.filter((s) => s.reason !== PROGRAM_MSG.alreadyIn);
  const parts = [`新增报名 ${result.enrolled} 人`, ...(already > 0 ? [`已在计划中 ${already} 人`] : []), ...(refused.length > 0 ? [`未能报名 ${refused.length} 人`] : [])];
  return { text: parts.join('，'), refused };
}

/** The class picker of one program: its list offers the classes that program may take. */
export const classTarget = <T extends { key: string; list: string }>(target: T, programId: string): T => ({ ...target, key: `${target.key}-${programId}`, list: `${target.list}?programId=${encodeURIComponent(programId)}` });
