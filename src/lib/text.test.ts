import { describe, expect, it } from 'vitest';
import { joinClauses } from './text.ts';

describe('joinClauses', () => {
  it('joins with one comma', () => {
    expect(joinClauses('已退回：请补充收获', '修改后请重新提交')).toBe('已退回：请补充收获，修改后请重新提交');
  });

  it('never doubles punctuation after a comment that ends its sentence', () => {
    expect(joinClauses('已退回：请补充本周遇到的问题。', '修改后请重新提交')).toBe('已退回：请补充本周遇到的问题。修改后请重新提交');
    expect(joinClauses('写得很好！', '继续保持')).toBe('写得很好！继续保持');
    expect(joinClauses('为什么没有写周三？', '修改后请重新提交')).toBe('为什么没有写周三？修改后请重新提交');
    expect(joinClauses('Please add details.', '修改后请重新提交')).toBe('Please add details.修改后请重新提交');
  });

  it('drops a comma, colon or spaces the previous piece already ends with', () => {
    expect(joinClauses('请补充收获，', '修改后请重新提交')).toBe('请补充收获，修改后请重新提交');
    expect(joinClauses('请补充收获；  ', '修改后请重新提交')).toBe('请补充收获，修改后请重新提交');
    expect(joinClauses('已退回：', '修改后请重新提交')).toBe('已退回，修改后请重新提交');
  });

  it('leaves out empty pieces', () => {
    expect(joinClauses('已批阅', null, '  ', undefined, '得分 90')).toBe('已批阅，得分 90');
    expect(joinClauses()).toBe('');
  });
});
