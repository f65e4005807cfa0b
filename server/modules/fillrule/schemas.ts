import { z } from 'zod';
import { envelope } from '../../lib/answers.ts';

/** executeRuleByCode: the code made (prefix, date part, sequence number); each call takes a number. */
export const nextCodeAnswer = envelope(z.string().meta({ description: '生成的编码：前缀 + 日期 + 流水号' }));
