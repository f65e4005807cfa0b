import { describe, expect, it } from 'vitest';
import dayjs from './dayjs.ts';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatDate, formatDateField, formatNumber } from './format.ts';

describe('formatNumber (SPEC.md section 9: groups thousands)', () => {
  it.each([
    [1234567.89, '1,234,567.89'],
    ['1234567.89', '1,234,567.89'],
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [-1234.5, '-1,234.5'],
    ['+1234', '1,234'],
    ['12.50', '12.50'],
    ['1234.5000', '1,234.5000'],
    ['  2500 ', '2,500'],
    ['.5', '.5'],
    [1e21, '1,000,000,000,000,000,000,000'],
    [123456789012345678n, '123,456,789,012,345,678'],
  ])('%s → %s', (input, expected) => expect(formatNumber(input)).toBe(expected));

  it('keeps the decimals as given, never regrouping them', () => {
    expect(formatNumber('0.123456')).toBe('0.123456');
  });

  it.each([[null], [undefined], [''], ['abc'], ['12a'], ['1,234'], ['1.2.3'], ['-'], ['.'], [Number.NaN], [Infinity], [{}], [true]])(
    'not a number (%s) → empty',
    (input) => expect(formatNumber(input)).toBe(''),
  );
});

describe('formatDate (SPEC.md section 9)', () => {
  it('defaults to YYYY-MM-DD HH:mm:ss', () => {
    expect(DATE_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDate('2026-03-05T08:09:10')).toBe('2026-03-05 08:09:10');
    expect(formatDate(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(formatDate(dayjs('2026-12-31 23:59:59'))).toBe('2026-12-31 23:59:59');
  });

  it('takes another pattern', () => {
    expect(formatDate('2026-03-05 08:09:10', 'YYYY年MM月DD日')).toBe('2026年03月05日');
  });

  it('a date field is YYYY-MM-DD', () => {
    expect(DATE_FORMAT).toBe('YYYY-MM-DD');
    expect(formatDateField('2026-03-05 08:09:10')).toBe('2026-03-05');
    expect(formatDateField(new Date(2026, 10, 22).getTime())).toBe('2026-11-22');
  });

  it.each([[null], [undefined], [''], ['not a date']])('empty or invalid (%s) → empty', (input) => {
    expect(formatDate(input)).toBe('');
    expect(formatDateField(input)).toBe('');
  });
});
