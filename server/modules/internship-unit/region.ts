import { sql, type SQL } from 'drizzle-orm';
import { UNFILLED } from '@contract/stats-report.ts';
import { internshipUnit, sysDict, sysDictItem } from '../../db/schema.ts';

/** A value's text in a dictionary (所属行业, 所在地区), read beside a unit; null when the dictionary has no such item. */
export const dictText = (dictCode: string, value: SQL) =>
  sql<string | null>`(select ${sysDictItem.itemText} from ${sysDictItem} inner join ${sysDict} on ${sysDict.id} = ${sysDictItem.dictId} where ${sysDict.dictCode} = ${dictCode} and ${sysDictItem.itemValue} = ${value} limit 1)`;

/**
 * The city (or 自治州, 地区, 盟) an address starts with, after its province if it names one: 广东省东莞市… and 东莞市…
 * both give 东莞市. The city and not the province: the 所在地区 dictionary names cities without their province, and
 * one name for a place keeps 广东省中山市 and 中山市 in one row.
 */
const CITY_OF_ADDRESS = '^(?:[^省市]{2,6}省|[^省市区]{2,10}自治区)?([^省市州盟区县路街镇号0-9]{1,10}(?:市|州|盟|地区))';

const regionText = dictText('internship_region', sql`${internshipUnit.region}`);

/**
 * 地区 of a unit (统计报表's rows, the placements list's 单位地区 search): its 所在地区 when that names a place, else the
 * city its address starts with, else 其他 (所在地区 其他 and an address naming no city), else 未填写. One SQL expression
 * over internship_unit, so a row's count and the list it opens agree.
 */
export const UNIT_REGION = sql<string>`coalesce(
  case when ${internshipUnit.region} <> 'other' then coalesce(${regionText}, ${internshipUnit.region}) end,
  substring(${internshipUnit.address} from ${CITY_OF_ADDRESS}),
  case when ${internshipUnit.region} is not null then coalesce(${regionText}, ${internshipUnit.region}) end,
  ${UNFILLED}
)`;
