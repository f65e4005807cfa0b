import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@contract/session.ts';
import { FieldList, profileFields } from './account-fields.tsx';

const person = (yhlx: string, workNo: string): UserInfo => ({
  id: 'u1',
  username: 'someone',
  realname: '李明',
  avatar: null,
  sex: 1,
  birthday: null,
  email: null,
  phone: null,
  telephone: null,
  workNo,
  orgCode: null,
  orgCodeTxt: null,
  post: null,
  yhlx,
  passwordChangeRequired: false,
});

describe('个人中心 fields', () => {
  it('names a student’s number 学号', () => {
    render(<FieldList fields={profileFields(person('1', '2023010101'))} />);
    expect(screen.getByText('学号').nextElementSibling?.textContent).toBe('2023010101');
    expect(screen.queryByText('工号')).toBeNull();
  });

  it('names a teacher’s or mentor’s number 工号', () => {
    render(<FieldList fields={profileFields(person('0', 'T0001'))} />);
    expect(screen.getByText('工号').nextElementSibling?.textContent).toBe('T0001');
  });
});
