import { z } from 'zod';
import type { CasLogoutResult, UserTokenResult } from '@contract/sso.ts';
import { envelope } from '../../lib/answers.ts';
import { roleOption, userInfo } from '../auth/schemas.ts';

export const casLogoutAnswer = envelope(
  z.object({ casLogoutUrl: z.string().nullable().meta({ description: '浏览器接着访问的 CAS 登出地址；未启用 CAS 时为 null' }) }) satisfies z.ZodType<CasLogoutResult>,
);

export const userTokenAnswer = envelope(
  z.object({ token: z.string().meta({ description: '请求所带的令牌' }), userInfo, roles: z.array(roleOption) }) satisfies z.ZodType<UserTokenResult>,
);
