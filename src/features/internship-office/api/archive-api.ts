import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ARCHIVE_URL, archiveFinished, type ArchiveRequest, type ArchiveStatus } from '@contract/archive.ts';
import { downloadFile } from '@/components/download/download.ts';
import { http } from '@/lib/api-client.ts';

/** How often an archive being made is asked about. */
const POLL_MS = 1000;

export const archiveStatusKey = (id: string) => ['documents', 'archive', id] as const;

/** An archive's progress, asked again each second until it is done or failed. */
export const archiveStatusQuery = (id: string) =>
  queryOptions({
    queryKey: archiveStatusKey(id),
    queryFn: () => http.get<ArchiveStatus>(ARCHIVE_URL.status(id)),
    refetchInterval: (query) => (query.state.data && archiveFinished(query.state.data.status) ? false : POLL_MS),
  });

/** 生成档案: the server answers at once with the archive queued (or the same one already being made). */
export function useStartArchive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ArchiveRequest) => http.post<ArchiveStatus>(ARCHIVE_URL.start, input),
    onSuccess: (status) => client.setQueryData(archiveStatusKey(status.id), status),
  });
}

/** The finished zip, saved under the server's name. */
export const downloadArchive = (status: ArchiveStatus) => downloadFile(ARCHIVE_URL.file(status.id), {}, status.fileName ?? '学生档案.zip');
