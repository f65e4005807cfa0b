/**
 * The patterns and date check the schemas share, without zod: the pages that only show records (the
 * phone's home among them) import these and never evaluate the forms' schemas.
 */

/** At least 8 characters with a letter, a digit and one of SPEC.md's specials ~!@#$%^&*()_+`-={}:";'<>?,./ */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,}$/;
export const PROFILE_PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** Mainland mobile prefixes 13–19 with their valid second digits (the shared phone validator). */
export const MOBILE_PATTERN = /^1(3\d|4[5-9]|5[0-35-9]|6[2567]|7[0-8]|8\d|9[0-35-9])\d{8}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const LANDLINE_PATTERN = /^\d{2,3}-\d{7,8}(-\d{1,5})?$/;

/** YYYY-MM-DD naming a day of the calendar (2005-13-45 is none). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
export const BIRTHDAY_MESSAGE = '请输入有效的生日，格式为YYYY-MM-DD';
