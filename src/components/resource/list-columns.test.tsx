import { describe, expect, it } from 'vitest';
import { PLACEMENT_RESOURCE } from '@contract/internship-placement.ts';
import { SCORE_RESOURCE } from '@contract/internship-score.ts';
import { UNIT_RESOURCE } from '@contract/internship-unit.ts';
import { fittingListFields } from './resource-fields.ts';

/** Which columns a resource list shows in the room it has (the 操作 and checkbox columns take theirs first). */
const shown = (resource: typeof UNIT_RESOURCE, available: number, reserved: number) => fittingListFields(resource, available, reserved).shown.map((f) => f.label);

describe('columns of a list narrower than its columns', () => {
  it('实习单位 at 1440 px (about 1190 px beside the menu) keeps 单位名称 and 状态 in view, dropping 联系人, 联系电话, 可接收人数, 实地考察日期 and the ratings first', () => {
    const { shown: fitted, hidden } = fittingListFields(UNIT_RESOURCE, 1190, 220 + 32);
    expect(fitted.map((f) => f.label)).toContain('状态');
    expect(fitted.map((f) => f.label)).toContain('单位名称');
    expect(hidden.map((f) => f.label)).toEqual(['联系人', '联系电话', '可接收人数', '实地考察日期', '基地评价', '评价次数']);
    expect(fitted.reduce((sum, f) => sum + (typeof f.list === 'object' ? (f.list.width ?? 120) : 120), 252)).toBeLessThanOrEqual(1190);
  });

  it('实习安排 at 900 px (the menu folded) keeps who (学生, 学号), 实习单位 and 状态, then 指导教师; nothing leaves before the width is known', () => {
    expect(shown(PLACEMENT_RESOURCE, 780, 220 + 32)).toEqual(['学生', '学号', '实习单位', '状态']);
    expect(shown(PLACEMENT_RESOURCE, 1200, 252)).toEqual(['学生', '学号', '班级', '实习计划', '实习单位', '指导教师', '状态']);
    expect(shown(PLACEMENT_RESOURCE, 0, 252)).toHaveLength(PLACEMENT_RESOURCE.fields.filter((f) => f.list).length);
  });

  it('实习成绩 at 1440 px keeps who (学生, 学号), 总评, 等级 and 状态: what the office publishes by', () => {
    const fitted = shown(SCORE_RESOURCE, 1190, 220 + 32);
    for (const label of ['学生', '学号', '总评', '等级', '状态']) expect(fitted).toContain(label);
  });
});
