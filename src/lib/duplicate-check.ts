import { ApiError, request } from './api-client.ts';

/**
 * Asks the server whether a value is still free (GET /sys/duplicate/check). Resolves to the server's
 * message when it is taken, else null (when the check itself fails, the save's own check decides).
 */
export async function duplicateMessage(tableName: string, fieldName: string, fieldVal: string, dataId?: string): Promise<string | null> {
  try {
    await request<null>({ method: 'get', url: '/sys/duplicate/check', params: { tableName, fieldName, fieldVal, dataId }, silent: true });
    return null;
  } catch (error) {
    return error instanceof ApiError && !error.notified && !error.unreached && error.status === 200 ? error.message : null;
  }
}
