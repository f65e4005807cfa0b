import { describe, expect, it } from 'vitest';
import { DOCUMENT_MSG, VERIFY_ALPHABET, formatVerifyCode, normaliseVerifyCode, verifyParams } from './documents.ts';

describe('a document’s verification code', () => {
  it('reads as typed from the paper: any case, with or without the dash and spaces', () => {
    expect(normaliseVerifyCode(' k7qw2-m9xtd ')).toBe('K7QW2M9XTD');
    expect(formatVerifyCode('K7QW2M9XTD')).toBe('K7QW2-M9XTD');
    expect(verifyParams.parse({ code: 'k7qw2 m9xtd' })).toEqual({ code: 'K7QW2M9XTD' });
  });

  it('refuses what no code can be: the wrong length, or letters read alike (0, O, 1, I, L)', () => {
    for (const code of ['K7QW2', 'K7QW2-M9XTDA', 'K7QW2-M9XT0', 'K7QW2-M9XTO', 'K7QW2-M9XT1', 'K7QW2-M9XTI', 'K7QW2-M9XTL']) {
      const result = verifyParams.safeParse({ code });
      expect(result.success, code).toBe(false);
      expect(result.error?.issues[0]?.message, code).toBe(DOCUMENT_MSG.codeShape);
    }
    expect([...'01OIL'].filter((c) => VERIFY_ALPHABET.includes(c))).toEqual([]);
  });
});
