import { and, eq } from 'drizzle-orm';
import { ruleMessage } from '@contract/internship-rules.ts';
import { FORBIDDEN_INDUSTRY_DICT, INDUSTRY_DICT, forbiddenIndustryProblem } from '@contract/internship-unit.ts';
import type { Database } from '../../db/database.ts';
import { sysDict, sysDictItem } from '../../db/schema.ts';

/** The enabled item of a dictionary with this value: its text, or null. */
async function enabledItemText(db: Database, dictCode: string, value: string): Promise<string | null> {
  const [item] = await db
    .select({ text: sysDictItem.itemText })
    .from(sysDictItem)
    .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
    .where(and(eq(sysDict.dictCode, dictCode), eq(sysDictItem.itemValue, value), eq(sysDictItem.status, 1)))
    .limit(1);
  return item?.text ?? null;
}

/**
 * The refusal, quoting the rule, when the industry is an enabled item of the forbidden list (dictionary
 * internship_forbidden_industry, which the office extends in 数据字典); null otherwise.
 * `doing` says what was refused: 不能审核通过, or moving an active unit into that industry.
 */
export async function forbiddenIndustryRefusal(db: Database, unitName: string, industry: string | null | undefined, doing: string): Promise<string | null> {
  if (!industry) return null;
  const forbidden = await enabledItemText(db, FORBIDDEN_INDUSTRY_DICT, industry);
  if (forbidden === null) return null;
  const label = (await enabledItemText(db, INDUSTRY_DICT, industry)) ?? forbidden;
  return ruleMessage('forbiddenIndustry', forbiddenIndustryProblem(unitName, label, doing));
}
