import { z } from 'zod';
import type { DictItemRow } from '@contract/dict.ts';
import type { DictOption } from '@contract/session.ts';
import { envelope, pageOf } from '../../lib/answers.ts';

/** The dictionary calls written by hand (the dictionaries' own list and form answer as the resource machinery says). */

/** An enabled item as choosers get it (getDictItems, loadDict): title is the text again. */
export const dictOptionsAnswer = envelope(z.array(z.object({ value: z.string(), text: z.string(), title: z.string() }) satisfies z.ZodType<DictOption>));

const dictItemRow = z.object({
  id: z.string(),
  dictId: z.string(),
  itemText: z.string(),
  itemValue: z.string(),
  sortOrder: z.number().int(),
  description: z.string().nullable(),
  status: z.enum(['1', '0']).meta({ description: '1 启用，0 停用' }),
}) satisfies z.ZodType<DictItemRow>;

export const dictItemAnswer = envelope(dictItemRow);

export const dictItemPageAnswer = envelope(pageOf(dictItemRow));

/** listdw: the 单位 (table dt02, dictionary dt0201). */
export const unitsAnswer = envelope(z.array(z.object({ id: z.string(), dwdm: z.string().meta({ description: '单位编码' }), dwmc: z.string().meta({ description: '单位名称' }) })));
