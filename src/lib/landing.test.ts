import { expect, it } from 'vitest';
import { landingPath } from './landing.ts';

it('lands students and mentors of the digital campus on /welcome, everyone else on the workplace', () => {
  expect(landingPath(true, '1')).toBe('/welcome');
  expect(landingPath(true, '2')).toBe('/welcome');
  expect(landingPath(true, '0')).toBe('/dashboard/workplace');
  expect(landingPath(false, '1')).toBe('/dashboard/workplace');
});
