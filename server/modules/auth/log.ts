import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { sysLog } from '../../db/schema.ts';

export const LOG_LOGIN = 1;

export async function writeLoginLog(db: Database, request: FastifyRequest, content: string, user: { id: string; username: string } | null) {
  await db.insert(sysLog).values({
    logType: LOG_LOGIN,
    logContent: content,
    userId: user?.id ?? null,
    username: user?.username ?? null,
    ip: request.ip,
    method: request.method,
    requestUrl: request.url.split('?')[0],
  });
}
