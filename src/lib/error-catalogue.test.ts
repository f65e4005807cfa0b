import { describe, expect, it } from 'vitest';
import { describeFailure } from './error-catalogue.ts';

describe('error catalogue (SPEC.md section 8)', () => {
  it.each([
    { status: 403, body: { message: 'x' }, hasToken: true, expected: { message: '拒绝访问' } },
    { status: 403, body: { message: '请先修改初始密码' }, hasToken: true, expected: { message: '请先修改初始密码', passwordChange: true } },
    { status: 500, body: { message: 'Token失效，请重新登录' }, hasToken: true, expected: { message: 'Token失效，请重新登录!', logout: true } },
    { status: 500, body: { message: 'Token失效，请重新登录' }, hasToken: false, expected: { message: 'Token失效，请重新登录' } },
    { status: 500, body: { message: '数据库繁忙' }, hasToken: true, expected: { message: '数据库繁忙' } },
    { status: 500, body: null, hasToken: true, expected: { message: '服务器内部错误，请稍后重试' } },
    { status: 404, body: { message: 'x' }, hasToken: true, expected: { message: '很抱歉，资源未找到!' } },
    { status: 504, body: null, hasToken: true, expected: { message: '网络超时' } },
    { status: 401, body: { message: 'Token失效，请重新登录!' }, hasToken: true, expected: { message: '未授权，请重新登录', logout: true } },
    { status: 901, body: null, hasToken: true, expected: { message: '无效的软件授权信息!', licence: true } },
    { status: 200, body: { code: 901 }, hasToken: true, expected: { message: '无效的软件授权信息!', licence: true } },
    { status: 400, body: { message: '用户名或密码错误' }, hasToken: false, expected: { message: '用户名或密码错误' } },
    { status: 423, body: {}, hasToken: false, expected: { message: '请求失败（423）' } },
  ])('$status $body.message → $expected.message', ({ status, body, hasToken, expected }) => {
    expect(describeFailure({ status, body, hasToken })).toEqual(expected);
  });

  it('no response at all: network or timeout', () => {
    expect(describeFailure({ hasToken: true })).toEqual({ message: '网络连接异常，请检查网络后重试' });
    expect(describeFailure({ hasToken: true, timedOut: true })).toEqual({ message: '网络超时' });
  });
});
