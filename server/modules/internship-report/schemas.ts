import { z } from 'zod';
import {
  CODE_DICTIONARY_KEYS,
  REPORT_COLUMN_IDS,
  codeEntryKeys,
  type CodeDictionary,
  type CodeEntry,
  type CodeSettings,
  type ReportOptions,
  type ReportSettings,
} from '@contract/internship-report.ts';
import { envelope } from '../../lib/answers.ts';

/** What 实习上报 answers (routes.ts): the export screen's choices, and the codes and column maps in force. */

const day = z.string().meta({ description: 'YYYY-MM-DD' });

export const reportOptionsAnswer = envelope(
  z.object({
    programs: z.array(z.object({ value: z.string(), label: z.string(), startDate: day, endDate: day })),
    maps: z.array(z.string()).meta({ description: '列映射的名称' }),
  }) satisfies z.ZodType<ReportOptions>,
);

const code = z.object({ code: z.string(), label: z.string() });
/** A dictionary's every entry (the contract's DEFAULT_CODES), each with the template's code and name. */
const dictionary = <D extends CodeDictionary>(name: D) => z.object(Object.fromEntries(codeEntryKeys(name).map((entry) => [entry, code])) as Record<CodeEntry<D>, typeof code>);
const codeSettings = z.object(
  Object.fromEntries(CODE_DICTIONARY_KEYS.map((name) => [name, dictionary(name)])) as { [D in CodeDictionary]: ReturnType<typeof dictionary<D>> },
) satisfies z.ZodType<CodeSettings>;

const columns = z.array(z.object({ id: z.enum(REPORT_COLUMN_IDS), header: z.string() }));
const saved = z.object({ updatedAt: z.string().meta({ description: 'ISO 8601' }), updatedByName: z.string().nullable() }).nullable().meta({ description: '最后保存；仍为默认时为 null' });

/** GET settings, and what each save answers: the settings in force after it. */
export const reportSettingsAnswer = envelope(
  z.object({
    codes: codeSettings,
    columnMaps: z.array(z.object({ name: z.string(), plan: columns, monthly: columns })),
    saved: z.object({ codes: saved, columnMaps: saved }),
  }) satisfies z.ZodType<ReportSettings>,
);
