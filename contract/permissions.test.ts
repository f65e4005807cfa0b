import { describe, expect, it } from 'vitest';
import { isActionAllowed, isRouteAllowed, type PermissionRule } from './permissions.ts';

const rule = (action: string, status: '0' | '1' = '1'): PermissionRule => ({ action, describe: action, type: '2', status });

describe('button permissions (SPEC-DECISIONS.md)', () => {
  it.each([
    { name: 'in the user list, rule in force', auth: [rule('user:add')], allAuth: [rule('user:add')], expected: true },
    { name: 'in the user list, no system rule', auth: [rule('user:add')], allAuth: [], expected: true },
    { name: 'in the user list, rule switched off', auth: [rule('user:add')], allAuth: [rule('user:add', '0')], expected: true },
    { name: 'not in the user list, rule in force', auth: [], allAuth: [rule('user:add')], expected: false },
    { name: 'not in the user list, rule switched off', auth: [], allAuth: [rule('user:add', '0')], expected: true },
    { name: 'no rule names the code', auth: [rule('user:edit')], allAuth: [rule('user:edit')], expected: false },
    { name: 'comma list in the user entry', auth: [rule('user:edit, user:add')], allAuth: [rule('user:add')], expected: true },
    { name: 'comma list in a switched-off rule', auth: [], allAuth: [rule('user:edit,user:add', '0')], expected: true },
    { name: 'user entry of type 1 is not a button grant', auth: [{ ...rule('user:add'), type: '1' as const }], allAuth: [rule('user:add')], expected: false },
  ])('$name → $expected', ({ auth, allAuth, expected }) => {
    expect(isActionAllowed('user:add', auth, allAuth)).toBe(expected);
  });
});

describe('route permissions', () => {
  it('a route naming no codes is open', () => {
    expect(isRouteAllowed(undefined, [], [])).toBe(true);
    expect(isRouteAllowed([], [], [])).toBe(true);
  });
  it('a route needs one of its codes', () => {
    expect(isRouteAllowed(['profile', 'user'], [rule('user')], [rule('user'), rule('profile')])).toBe(true);
    expect(isRouteAllowed(['profile', 'user'], [], [rule('user'), rule('profile')])).toBe(false);
  });
});
