import { describe, expect, it } from 'vitest';
import { ELLIPSIS_LENGTH, truncateText } from './truncate.ts';

describe('truncateText', () => {
  it('cuts at 25 characters by default', () => {
    expect(ELLIPSIS_LENGTH).toBe(25);
    const text = '实习实训管理服务平台'.repeat(3);
    expect(truncateText(text)).toEqual({ text: `${text.slice(0, 25)}...`, truncated: true });
  });

  it('leaves text of the length or shorter alone', () => {
    expect(truncateText('a'.repeat(25))).toEqual({ text: 'a'.repeat(25), truncated: false });
    expect(truncateText('短')).toEqual({ text: '短', truncated: false });
    expect(truncateText('')).toEqual({ text: '', truncated: false });
    expect(truncateText(null)).toEqual({ text: '', truncated: false });
  });

  it('takes another length', () => {
    expect(truncateText('abcdef', 3)).toEqual({ text: 'abc...', truncated: true });
  });

  it('never splits a character outside the BMP', () => {
    expect(truncateText('𠀀𠀁𠀂', 2)).toEqual({ text: '𠀀𠀁...', truncated: true });
  });
});
