import { z } from 'zod';
import type { DepartOptionRow } from '@contract/basic-data.ts';
import { envelope, pageOf } from '../../lib/answers.ts';

/** 院系 for pickers (/basic/depart/list; the eight entities answer as the resource machinery says). */
export const departOptionPageAnswer = envelope(pageOf(z.object({ id: z.string(), departName: z.string(), orgCode: z.string() }) satisfies z.ZodType<DepartOptionRow>));
