import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** The sender's signature every message starts with, as Chinese SMS gateways require. */
export const SMS_SIGNATURE = '【实习实训管理服务平台】';

export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/**
 * No SMS gateway can be reached from here: this sender writes each message as one JSON line to a file,
 * which is where a developer (and the tests) read the codes. A school's deployment plugs its gateway in here.
 */
export function fileSmsSender(file: string): SmsSender {
  return {
    async send(phone, text) {
      await mkdir(path.dirname(file), { recursive: true });
      await appendFile(file, `${JSON.stringify({ phone, text, at: new Date().toISOString() })}\n`);
    },
  };
}

/** The sender every module uses: the one place a school's gateway is chosen instead of the file. */
export const smsSenderOf = (config: { smsOutboxFile: string }): SmsSender => fileSmsSender(config.smsOutboxFile);
