import type { EncryptedString } from '@contract/session.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { ApiError, http } from './api-client.ts';
import { STORAGE_KEYS, local } from './storage.ts';

/** The installation's AES key and iv, cached for 7 days. */
export async function encryptionKeys(): Promise<EncryptedString> {
  const cached = local.get<EncryptedString>(STORAGE_KEYS.encryptedString);
  if (cached?.key && cached.iv) return cached;
  const keys = await http.get<EncryptedString>('/sys/getEncryptedString');
  local.set(STORAGE_KEYS.encryptedString, keys);
  return keys;
}

/**
 * AES-CBC, PKCS7, UTF-8 key and iv, Base64 text: what the server's decryptFields reverses.
 * crypto-js loads on first use, so it is not part of the login page's first load.
 */
async function encryptFields<T extends Record<string, unknown>>(payload: T, fields: readonly (keyof T & string)[], keys: EncryptedString): Promise<T> {
  const [{ default: AES }, { default: Utf8 }] = await Promise.all([import('crypto-js/aes'), import('crypto-js/enc-utf8')]);
  const out: Record<string, unknown> = { ...payload };
  for (const field of fields) {
    const value = payload[field];
    if (typeof value === 'string' && value !== '') out[field] = AES.encrypt(value, Utf8.parse(keys.key), { iv: Utf8.parse(keys.iv) }).toString();
  }
  return out as T;
}

const STALE_KEY_STATUS = 409;

/**
 * Sends a payload with the named fields encrypted. A key cached from an earlier installation is
 * answered with 409: the key is fetched again and the call sent once more.
 */
export async function sendEncrypted<R, T extends Record<string, unknown>>(
  send: (body: T, silent: boolean) => Promise<R>,
  payload: T,
  fields: readonly (keyof T & string)[],
): Promise<R> {
  try {
    return await send(await encryptFields(payload, fields, await encryptionKeys()), true);
  } catch (error) {
    if (error instanceof ApiError && error.status === STALE_KEY_STATUS) {
      local.remove(STORAGE_KEYS.encryptedString);
      return send(await encryptFields(payload, fields, await encryptionKeys()), false);
    }
    if (error instanceof ApiError && !error.notified) notify.error(error.message);
    throw error;
  }
}
