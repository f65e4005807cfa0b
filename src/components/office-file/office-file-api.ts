import { useState } from 'react';
import type { OfficeFileMeta } from '@contract/documents.ts';
import { api, http } from '@/lib/api-client.ts';

/**
 * The office's files a form names once saved (三方协议, a unit's 考察报告, an exception's 证明材料): uploaded as soon
 * as chosen; the form keeps the id, the record names it when saved (server/modules/documents/files.ts).
 */
export function useOfficeUpload(uploadUrl: string, onUploaded: (id: string) => void) {
  const [uploading, setUploading] = useState(false);
  const [name, setName] = useState<string | null>(null);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const meta = await http.post<OfficeFileMeta>(uploadUrl, body);
      setName(meta.fileName);
      onUploaded(meta.id);
    } catch {
      // The client has shown the server's refusal.
    } finally {
      setUploading(false);
    }
  };
  return { uploading, name, upload };
}

/** Opens a saved record's file in a new tab (the call needs the session's token, so not a plain link). */
export async function openOfficeFile(url: string, params: Record<string, string>): Promise<void> {
  const response = await api.get<Blob>(url, { params, responseType: 'blob' });
  const objectUrl = URL.createObjectURL(response.data);
  window.open(objectUrl, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
