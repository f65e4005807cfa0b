import { describe, expect, it } from 'vitest';
import { fillMenuUrl } from './menu-url.ts';

const vars = { token: 'tok123', username: 'teacher01', realname: '王老师', apiBaseUrl: '/api', deployment: 'DQZY' };

describe('menu url placeholders', () => {
  it.each([
    ['{{ window._CONFIG[\'domianURL\'] }}/report?token={{ token }}', '/api/report?token=tok123'],
    ['https://bi.example.cn/{username}?t={token}', 'https://bi.example.cn/teacher01?t=tok123'],
    ['https://x.cn/?a={{ alert(1) }}&b={unknown}', 'https://x.cn/?a={{ alert(1) }}&b={unknown}'],
  ])('%s → %s', (url, expected) => expect(fillMenuUrl(url, vars)).toBe(expected));
});
