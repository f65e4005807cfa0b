import { expect, it } from 'vitest';
import { formatUptime } from './format-uptime.ts';

it.each([
  [0, '0秒'],
  [42, '42秒'],
  [309, '5分9秒'],
  [7_200, '2小时0分'],
  [3 * 86_400 + 4 * 3_600 + 5 * 60 + 6, '3天4小时5分'],
  [-5, '0秒'],
])('formatUptime(%i) is %s', (seconds, text) => {
  expect(formatUptime(seconds)).toBe(text);
});
