import { eq } from 'drizzle-orm';
import type { EncryptedString } from '@contract/session.ts';
import type { Database } from '../../db/database.ts';
import { sysConfig } from '../../db/schema.ts';
import { aesDecrypt, randomAlphanumeric } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http.ts';

const KEY = 'aes_key_iv';
export const ENCRYPTION_STALE_MESSAGE = '加密数据无法解析，请刷新页面后重试';
const cache = new WeakMap<Database, EncryptedString>();

/** The AES key and iv of this installation: generated on first use, then kept. */
export async function installationKeys(db: Database): Promise<EncryptedString> {
  const cached = cache.get(db);
  if (cached) return cached;
  const candidate: EncryptedString = { key: randomAlphanumeric(16), iv: randomAlphanumeric(16) };
  await db.insert(sysConfig).values({ key: KEY, value: JSON.stringify(candidate) }).onConflictDoNothing();
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.key, KEY));
  const keys = JSON.parse(row!.value) as EncryptedString;
  cache.set(db, keys);
  return keys;
}

/** Decrypts the named fields of a payload sent encrypted by the browser; a field that does not decrypt is refused. */
export async function decryptFields<T extends Record<string, unknown>, K extends keyof T & string>(db: Database, payload: T, fields: readonly K[]): Promise<T> {
  const { key, iv } = await installationKeys(db);
  const out: Record<string, unknown> = { ...payload };
  for (const field of fields) {
    const value = payload[field];
    if (typeof value !== 'string' || value === '') continue;
    const plain = aesDecrypt(value, key, iv);
    // 409: the browser holds a stale key (a new installation); it fetches the key again and retries.
    if (plain === null) throw new HttpError(409, ENCRYPTION_STALE_MESSAGE);
    out[field] = plain;
  }
  return out as T;
}
