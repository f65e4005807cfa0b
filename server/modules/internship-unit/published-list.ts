import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { internshipUnit, sysDict, sysDictItem } from '../../db/schema.ts';
import { heading, table, type Cell } from '../../lib/pdf.ts';
import { issueDocument, schoolName, type IssuedDocument } from '../documents/issue.ts';

/** A dictionary's labels by value (所属行业, 所在地区), for a printed page. */
async function labels(db: Database, dictCode: string): Promise<Map<string, string>> {
  const items = await db.select({ value: sysDictItem.itemValue, text: sysDictItem.itemText }).from(sysDictItem).innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId)).where(eq(sysDict.dictCode, dictCode));
  return new Map(items.map((i) => [i.value, i.text]));
}

/**
 * 实习单位名单 (Art. 7 of the 2021 rules: the school publishes the units it works with each year): every unit
 * 合作中, by name, with its credit code, industry, region, address and the date of its site assessment.
 */
export async function publishedUnitList(db: Database, issuedBy: string, today: string): Promise<IssuedDocument> {
  const [units, industries, regions, school] = await Promise.all([
    db.select().from(internshipUnit).where(eq(internshipUnit.status, 'active')).orderBy(asc(internshipUnit.name)),
    labels(db, 'internship_industry'),
    labels(db, 'internship_region'),
    schoolName(db),
  ]);
  const cell = (text: string | null | undefined, span = 1): Cell => ({ text: text || '—', span });
  const head = (text: string, span = 1): Cell => ({ text, span, label: true });
  return issueDocument(db, { kind: 'unitList', title: '实习单位名单', subjects: 0, issuedBy }, (pdf) => {
    heading(pdf, `${school}${today.slice(0, 4)}年度实习单位名单`, `截至 ${today}，合作中的实习单位共 ${units.length} 家`);
    table(
      pdf,
      [
        [head('序号', 0.5), head('单位名称', 2.2), head('统一社会信用代码', 1.9), head('所属行业', 1.3), head('所在地区', 0.9), head('地址', 2.2), head('实地考察', 1.1)],
        ...units.map((u, i) => [
          cell(String(i + 1), 0.5),
          cell(u.name, 2.2),
          cell(u.creditCode, 1.9),
          cell(u.industry ? (industries.get(u.industry) ?? u.industry) : null, 1.3),
          cell(u.region ? (regions.get(u.region) ?? u.region) : null, 0.9),
          cell(u.address, 2.2),
          cell(u.siteVisitDate ? `${u.siteVisitDate}${u.siteVisitBy ? `\n${u.siteVisitBy}` : ''}` : '未考察', 1.1),
        ]),
      ],
      { size: 8, pad: 3 },
    );
  });
}
