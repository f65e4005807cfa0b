import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './server.ts';

/** The development SMS sender writes each message as a JSON line here (server/lib/sms.ts). */
const OUTBOX = path.join(E2E_DATA_DIR, 'sms-outbox.log');

/** Every message sent to a phone so far, oldest first. */
export function smsTextsFor(phone: string): string[] {
  if (!existsSync(OUTBOX)) return [];
  return readFileSync(OUTBOX, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { phone: string; text: string })
    .filter((message) => message.phone === phone)
    .map((message) => message.text);
}

/** Every code sent to a phone so far, oldest first. */
export function smsCodesFor(phone: string): string[] {
  return smsTextsFor(phone)
    .map((text) => /(?<!\d)\d{6}(?!\d)/.exec(text)?.[0])
    .filter((code): code is string => Boolean(code));
}

/** Waits until a phone's newest message is this one. */
export async function waitForSms(phone: string, text: string): Promise<void> {
  await expect.poll(() => smsTextsFor(phone).at(-1), { message: `没有发往 ${phone} 的短信：${text}` }).toBe(text);
}

/** Waits for a code sent after `sentBefore` codes had already gone to the phone, and returns the newest. */
export async function waitForNewSmsCode(phone: string, sentBefore: number): Promise<string> {
  await expect.poll(() => smsCodesFor(phone).length, { message: `没有新的短信验证码发往 ${phone}` }).toBeGreaterThan(sentBefore);
  return smsCodesFor(phone).at(-1)!;
}
