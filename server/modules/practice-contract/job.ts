import { and, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { addDays, schoolToday } from '@contract/internship.ts';
import { CONTRACT_PERMISSIONS, EXPIRY_WARN_DAYS, daysUntil } from '@contract/practice-contract.ts';
import type { Database } from '../../db/database.ts';
import { internshipUnit, practiceContract, sysPermission, sysRolePermission, sysUser, sysUserRole } from '../../db/schema.ts';
import { sendSystemMessage } from '../announcement/system-message.ts';
import { registerJob } from '../job/registry.ts';

/**
 * 合作协议到期提醒: each active contract ending within EXPIRY_WARN_DAYS is told to the office once per end
 * date. The contract's warned_end_date is set in the same transaction as its message, by an update that
 * only takes contracts not yet warned of that date: a second run, or a run in another process at the same
 * time (its update waits for this one's rows and then finds them taken), adds nothing. A contract whose end
 * date is moved later is warned of again when the new date comes near.
 *
 * Who is told: every live account holding practice:contract:list through a role. That is the office
 * (实习办) and the administrator as the migration grants it, and follows the grants an administrator
 * changes in 角色管理, so whoever is given the contracts list also hears of the contracts ending.
 */

export const CONTRACT_JOB_KEY = 'practice-contract-expiry';

/** Live accounts (normal, not deleted) holding the contracts list through one of their roles. */
export async function contractOfficeUsers(db: Pick<Database, 'selectDistinct'>): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: sysUser.id })
    .from(sysUser)
    .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.id))
    .innerJoin(sysRolePermission, eq(sysRolePermission.roleId, sysUserRole.roleId))
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(and(eq(sysPermission.perms, CONTRACT_PERMISSIONS.list), eq(sysPermission.delFlag, 0), eq(sysUser.status, 1), eq(sysUser.delFlag, 0)));
  return rows.map((r) => r.id).sort();
}

export interface ContractWarnings {
  contracts: number;
  recipients: number;
}

/** Warns of the contracts ending within the window that nobody was told of for their present end date. */
export async function warnExpiringContracts(db: Database, now: Date = new Date()): Promise<ContractWarnings> {
  const today = schoolToday(now);
  return db.transaction(async (tx) => {
    const recipients = await contractOfficeUsers(tx);
    // Nobody to tell: the contracts stay unmarked, so whoever is given the list later hears of them.
    if (recipients.length === 0) return { contracts: 0, recipients: 0 };
    const claimed = await tx
      .update(practiceContract)
      .set({ warnedEndDate: sql`${practiceContract.endDate}` })
      .where(
        and(
          eq(practiceContract.status, 'active'),
          gte(practiceContract.endDate, today),
          lte(practiceContract.endDate, addDays(today, EXPIRY_WARN_DAYS)),
          or(isNull(practiceContract.warnedEndDate), ne(practiceContract.warnedEndDate, practiceContract.endDate)),
        ),
      )
      .returning({ id: practiceContract.id, contractNo: practiceContract.contractNo, name: practiceContract.name, unitId: practiceContract.unitId, endDate: practiceContract.endDate });
    if (claimed.length === 0) return { contracts: 0, recipients: recipients.length };
    const units = new Map(
      (await tx.select({ id: internshipUnit.id, name: internshipUnit.name }).from(internshipUnit).where(inArray(internshipUnit.id, [...new Set(claimed.map((c) => c.unitId))]))).map((u) => [u.id, u.name]),
    );
    for (const contract of claimed.sort((a, b) => a.endDate.localeCompare(b.endDate) || a.contractNo.localeCompare(b.contractNo))) {
      const days = daysUntil(contract.endDate, today);
      await sendSystemMessage(tx, {
        title: `合作协议即将到期：${contract.name}`,
        text:
          `校企合作协议“${contract.name}”（编号 ${contract.contractNo}，合作单位 ${units.get(contract.unitId) ?? '—'}）将于 ${contract.endDate} 到期，` +
          `${days === 0 ? '今天到期' : `还剩 ${days} 天`}。\n请在“实践教学 → 校企合作协议”中查看，及时续签或终止。`,
        sender: '校企合作协议',
        recipients,
      });
    }
    return { contracts: claimed.length, recipients: recipients.length };
  });
}

registerJob({
  key: CONTRACT_JOB_KEY,
  name: '合作协议到期提醒',
  description: `每天检查：生效中的校企合作协议在${EXPIRY_WARN_DAYS}天内到期的，以系统消息通知实习办（持有“查看合作协议”权限的用户）；每份协议每个到期日只提醒一次`,
  cron: '0 30 7 * * ?',
  run: async (db) => {
    const { contracts, recipients } = await warnExpiringContracts(db);
    return contracts === 0 ? '没有新的即将到期协议' : `${contracts} 份协议即将到期，已通知 ${recipients} 位用户`;
  },
});
