import { describe, expect, it } from 'vitest';
import { parseYearRange, selectionText, yearRangeText } from './stats-report.ts';

describe('统计报表’s years', () => {
  it('reads 实习年份 as a year or a range, as a person types it', () => {
    expect(parseYearRange('2025')).toEqual({ from: 2025, to: 2025 });
    expect(parseYearRange(' 2024-2026 ')).toEqual({ from: 2024, to: 2026 });
    expect(parseYearRange('2024 至 2026')).toEqual({ from: 2024, to: 2026 });
    expect(parseYearRange('2024～2026')).toEqual({ from: 2024, to: 2026 });
    expect(parseYearRange('2026-2024')).toBeNull();
    expect(parseYearRange('25')).toBeNull();
    expect(parseYearRange('2025年')).toBeNull();
  });

  it('writes a range the way it reads it', () => {
    expect(yearRangeText(2025, 2025)).toBe('2025');
    expect(parseYearRange(yearRangeText(2024, 2026))).toEqual({ from: 2024, to: 2026 });
  });

  it('says what a report counts', () => {
    const programs = [
      { id: 'a', name: '2026届岗位实习', year: 2025 },
      { id: 'b', name: '认识实习', year: 2026 },
    ];
    expect(selectionText({ yearFrom: 2025, yearTo: 2026, programs, programSearch: null })).toBe('2025—2026年 · 实习计划 2 个（2026届岗位实习、认识实习）');
    expect(selectionText({ yearFrom: 2026, yearTo: 2026, programs: [], programSearch: null })).toBe('2026年 · 实习计划 0 个');
  });
});
