import { describe, expect, it } from 'vitest';
import { PROGRAM_DEFAULTS, PROGRAM_RESOURCE } from '@contract/internship-program.ts';
import { fieldDependencies, fieldRules } from '@/components/resource/resource-fields.ts';
import type { DependentRule, ValidatorRule } from '@/lib/form-rules.ts';

/** The program form's rules between fields, as the generic form runs them: each field's message, or '' when it passes. */
async function messageAt(name: string, values: Record<string, unknown>, mode: 'add' | 'edit' = 'add'): Promise<string> {
  const field = PROGRAM_RESOURCE.fields.find((f) => f.name === name)!;
  const form = { getFieldValue: (key: string) => values[key] };
  const messages: string[] = [];
  for (const rule of fieldRules(PROGRAM_RESOURCE, mode, field, mode === 'edit' ? 'program-1' : undefined)) {
    const validator = (typeof rule === 'function' ? (rule as DependentRule)(form) : (rule as ValidatorRule)).validator;
    await validator({}, values[name]).catch((error: Error) => messages.push(error.message));
  }
  return messages.join(' / ');
}

const filled = { ...PROGRAM_DEFAULTS, name: '2027届岗位实习', startDate: '2027-03-01', endDate: '2027-08-27' };

describe('实习计划 form', () => {
  it('shows the weights’ sum at 实习报告 before saving, even while other fields are still blank', async () => {
    expect(await messageAt('weightReport', { ...filled, weightReport: 0 })).toBe('四项成绩权重之和须为100，现为 90');
    expect(await messageAt('weightReport', { ...PROGRAM_DEFAULTS, name: '', weightMentor: 50 })).toBe('四项成绩权重之和须为100，现为 110');
    expect(await messageAt('weightReport', filled)).toBe('');
    expect(await messageAt('weightReport', { ...filled, weightReport: 0 }, 'edit')).toBe('四项成绩权重之和须为100，现为 90');
    // Its own refusal is said once.
    expect(await messageAt('weightReport', { ...filled, weightReport: 101 })).toBe('实习报告权重不能大于100');
    expect(fieldDependencies(PROGRAM_RESOURCE.fields.find((f) => f.name === 'weightReport')!)).toEqual(['weightMentor', 'weightAdviser', 'weightSummary']);
  });

  it('says an end before the start at 结束日期', async () => {
    expect(await messageAt('endDate', { ...filled, endDate: '2027-02-28' })).toBe('结束日期不能早于开始日期');
    expect(await messageAt('endDate', { endDate: '2027-02-28', startDate: '2027-03-01' })).toBe('结束日期不能早于开始日期');
    expect(await messageAt('endDate', { ...filled, endDate: '2027-03-01' })).toBe('');
  });
});
