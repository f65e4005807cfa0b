import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { BIRTHDAY_MESSAGE, EMAIL_PATTERN, LANDLINE_PATTERN, MOBILE_PATTERN, PASSWORD_PATTERN, PROFILE_PHONE_PATTERN } from './patterns.ts';
import { changePasswordSchema, loginSchema, profileSchema, registerSchema } from './validators.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('patterns of SPEC.md section 5', () => {
  it.each([
    ['Demo@2026', true],
    ['abc-1234', true],
    ['Abc 1234?', true],
    ['Abcd1234', false],
    ['abcdefg!', false],
    ['1234567!', false],
    ['Ab@1234', false],
  ])('password %s → %s', (value, ok) => expect(PASSWORD_PATTERN.test(value)).toBe(ok));

  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['12800138000', false],
    ['1380013800', false],
    ['14412345678', false],
    ['16612345678', true],
  ])('mobile %s → %s', (value, ok) => expect(MOBILE_PATTERN.test(value)).toBe(ok));

  it.each([
    ['010-12345678', true],
    ['0755-1234567', false],
    ['021-1234567-123', true],
    ['021-1234567-123456', false],
    ['02112345678', false],
  ])('landline %s → %s', (value, ok) => expect(LANDLINE_PATTERN.test(value)).toBe(ok));

  it('profile phone and email', () => {
    expect(PROFILE_PHONE_PATTERN.test('13912345678')).toBe(true);
    expect(PROFILE_PHONE_PATTERN.test('12912345678')).toBe(false);
    expect(EMAIL_PATTERN.test('li.ming@school.edu.cn')).toBe(true);
    expect(EMAIL_PATTERN.test('li.ming@school')).toBe(false);
  });
});

describe('schemas give the exact Chinese messages', () => {
  it('login requires both fields', () => {
    expect(firstMessage(loginSchema.safeParse({ username: ' ', password: 'x' }))).toBe(MSG.usernameRequired);
    expect(firstMessage(loginSchema.safeParse({ username: 'a', password: '' }))).toBe(MSG.passwordRequired);
    expect(loginSchema.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
  });

  const validRegistration = {
    yhlx: '1',
    username: 'stu',
    workNo: '2024001',
    realname: '王同学',
    phone: '13912345678',
    email: 'stu@example.cn',
    password: 'Demo@2026',
    confirmpassword: 'Demo@2026',
  };
  it.each([
    ['yhlx', undefined, MSG.yhlxRequired],
    ['username', '', MSG.usernameRequired],
    ['workNo', '', MSG.workNoRequired],
    ['realname', '', MSG.realnameRequired],
    ['phone', '', MSG.phoneRequired],
    ['phone', '12345', MSG.phoneFormat],
    ['email', '', MSG.emailRequired],
    ['email', 'bad@', MSG.emailFormat],
    ['password', 'weakpass', MSG.passwordStrength],
    ['confirmpassword', '', MSG.confirmPasswordRequired],
    ['confirmpassword', 'Demo@2027', MSG.passwordMismatch],
  ])('register %s=%s → %s', (field, value, message) => {
    expect(firstMessage(registerSchema.safeParse({ ...validRegistration, [field]: value }))).toBe(message);
  });
  it('a valid registration passes', () => expect(registerSchema.safeParse(validRegistration).success).toBe(true));

  it.each([
    ['oldpassword', '', MSG.oldPasswordRequired],
    ['password', '', MSG.passwordStrength],
    ['confirmpassword', '', MSG.newPasswordConfirmRequired],
    ['confirmpassword', 'Other@2026', MSG.passwordMismatch],
  ])('password change %s=%s → %s', (field, value, message) => {
    const valid = { username: 'admin', oldpassword: 'Old@2025x', password: 'Demo@2026', confirmpassword: 'Demo@2026' };
    expect(firstMessage(changePasswordSchema.safeParse({ ...valid, [field]: value }))).toBe(message);
  });

  it('profile fields are optional, checked when given', () => {
    const base = { id: 'u1', ydyz: '1' };
    expect(profileSchema.safeParse({ ...base, phone: '', email: null }).success).toBe(true);
    expect(firstMessage(profileSchema.safeParse({ ...base, phone: '1234' }))).toBe(MSG.profilePhoneFormat);
    expect(firstMessage(profileSchema.safeParse({ ...base, email: 'x@' }))).toBe(MSG.profileEmailFormat);
  });
});

describe('profile birthday', () => {
  const birthday = (value: string) => profileSchema.safeParse({ id: 'u1', ydyz: '1', birthday: value }).error?.issues[0]?.message ?? null;
  it('takes a real day and refuses one the calendar does not have', () => {
    expect(birthday('2005-02-28')).toBeNull();
    expect(birthday('2004-02-29')).toBeNull();
    expect(birthday('2005-02-29')).toBe(BIRTHDAY_MESSAGE);
    expect(birthday('2005-13-45')).toBe(BIRTHDAY_MESSAGE);
  });
});
