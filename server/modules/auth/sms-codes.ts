import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { SMS_CODE_MAX_ATTEMPTS, SMS_CODE_MINUTES, type SmsMode } from '@contract/phone-login.ts';
import type { Database } from '../../db/database.ts';
import { sysSmsCode } from '../../db/schema.ts';
import { sha256, sixDigitCode } from '../../lib/crypto.ts';

const hashOf = (phone: string, purpose: SmsMode, code: string) => sha256(`${phone}:${purpose}:${code}`);

/**
 * A new code for a phone and purpose; the phone's earlier codes for it are void from now, and every expired code
 * goes (the table holds only the last few minutes' codes, so no clean-up job is needed). Answers the code to send.
 */
export async function issueSmsCode(db: Database, phone: string, purpose: SmsMode): Promise<string> {
  const code = sixDigitCode();
  await db.transaction(async (tx) => {
    await tx.delete(sysSmsCode).where(or(and(eq(sysSmsCode.phone, phone), eq(sysSmsCode.purpose, purpose)), lt(sysSmsCode.expiresAt, new Date())));
    await tx.insert(sysSmsCode).values({
      phone,
      purpose,
      codeHash: hashOf(phone, purpose, code),
      expiresAt: new Date(Date.now() + SMS_CODE_MINUTES * 60_000),
    });
  });
  return code;
}

/**
 * Whether the code is the phone's live one, using it up if so. A wrong try counts against the code and
 * SMS_CODE_MAX_ATTEMPTS of them void it. Each step is one conditional statement, so two requests at once
 * cannot both use one code nor both slip past the last try.
 */
export async function consumeSmsCode(db: Database, phone: string, purpose: SmsMode, code: string): Promise<boolean> {
  const [live] = await db
    .select({ id: sysSmsCode.id, codeHash: sysSmsCode.codeHash })
    .from(sysSmsCode)
    .where(
      and(
        eq(sysSmsCode.phone, phone),
        eq(sysSmsCode.purpose, purpose),
        isNull(sysSmsCode.usedAt),
        gt(sysSmsCode.expiresAt, new Date()),
        lt(sysSmsCode.attempts, SMS_CODE_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(sysSmsCode.createdAt))
    .limit(1);
  if (!live) return false;
  if (live.codeHash !== hashOf(phone, purpose, code)) {
    await db
      .update(sysSmsCode)
      .set({ attempts: sql`${sysSmsCode.attempts} + 1` })
      .where(and(eq(sysSmsCode.id, live.id), lt(sysSmsCode.attempts, SMS_CODE_MAX_ATTEMPTS)));
    return false;
  }
  const used = await db
    .update(sysSmsCode)
    .set({ usedAt: new Date() })
    .where(and(eq(sysSmsCode.id, live.id), isNull(sysSmsCode.usedAt), lt(sysSmsCode.attempts, SMS_CODE_MAX_ATTEMPTS)))
    .returning({ id: sysSmsCode.id });
  return used.length === 1;
}
