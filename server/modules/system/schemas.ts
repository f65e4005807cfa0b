import { z } from 'zod';
import type { CasConfig, LogoResult } from '@contract/session.ts';
import { envelope } from '../../lib/answers.ts';

export const logoAnswer = envelope(
  z.object({ logo: z.string().nullable().meta({ description: '系统标志图片' }), logologin: z.string().nullable().meta({ description: '登录页标志图片' }) }) satisfies z.ZodType<LogoResult>,
);

export const pingAnswer = envelope(z.literal('pong'));

export const casConfigAnswer = envelope(
  z.object({
    enableCas: z.string().meta({ description: "'1' 启用统一身份认证" }),
    casType: z.string(),
    casPrefixUrl: z.string().meta({ description: 'CAS 服务器地址' }),
  }) satisfies z.ZodType<CasConfig>,
);
