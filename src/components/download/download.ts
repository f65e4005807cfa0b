import { dispositionFileName } from '@/components/import-modal/import-rules.ts';
import { saveFile } from '@/components/import-modal/save-file.ts';
import { api } from '@/lib/api-client.ts';

/**
 * A file the server makes (a PDF to print, a workbook): fetched with the session's token, which a plain link
 * cannot send, and saved under the name the server gives (or `fallback`).
 */
export async function downloadFile(url: string, params: Record<string, string | number | undefined>, fallback: string) {
  const response = await api.get<Blob>(url, { params, responseType: 'blob' });
  saveFile(response.data, dispositionFileName(response.headers['content-disposition'] as string | undefined) ?? fallback);
}
