import dayjs from './dayjs.ts';

/** SPEC.md section 9: the date filter's default pattern, and the pattern of a date field. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

const PLAIN_NUMBER = /^([+-]?)(\d*)(\.\d+)?$/;

/**
 * The number filter: groups the integer part in thousands (1234567.89 → 1,234,567.89) and keeps the
 * decimals exactly as given ('12.50' stays 12.50). Anything that is not a number gives ''.
 */
export function formatNumber(value: unknown): string {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    text = String(value);
    // 1e21 and up, or 1e-7 and below: JavaScript writes an exponent; spell the digits out instead.
    if (/e/i.test(text)) return value.toLocaleString('en-US', { useGrouping: true, maximumFractionDigits: 20 });
  } else if (typeof value === 'string' || typeof value === 'bigint') {
    text = String(value).trim();
  } else {
    return '';
  }
  const match = PLAIN_NUMBER.exec(text);
  if (!match || (!match[2] && !match[3])) return '';
  const [, sign, integer = '', decimals = ''] = match;
  return `${sign === '-' ? '-' : ''}${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals}`;
}

type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

/** The date filter: YYYY-MM-DD HH:mm:ss unless another pattern is given; empty or invalid gives ''. */
export function formatDate(value: DateInput, pattern: string = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const time = dayjs(value);
  return time.isValid() ? time.format(pattern) : '';
}

/** A date field's value: YYYY-MM-DD. */
export const formatDateField = (value: DateInput): string => formatDate(value, DATE_FORMAT);
