import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ARCHIVE_STATUS_LABELS, type ArchiveRequest, type ArchiveStatus } from '@contract/archive.ts';
import { archiveStatusQuery, downloadArchive, useStartArchive } from '../api/archive-api.ts';

/** How far an archive got, in words: 正在生成：12/45 名学生. */
export function archiveProgressText(status: ArchiveStatus): string {
  if (status.status === 'failed') return status.error ?? ARCHIVE_STATUS_LABELS.failed;
  if (status.status === 'done') return `已完成，可以下载（${((status.size ?? 0) / 1024 / 1024).toFixed(1)} MB）`;
  if (status.status === 'running' && status.scope === 'class') return `正在生成：${status.done}/${status.total} 名学生`;
  return `${ARCHIVE_STATUS_LABELS[status.status]}…`;
}

export const archivePercent = (status: ArchiveStatus) => (status.status === 'done' ? 100 : status.total > 0 ? Math.floor((status.done / status.total) * 100) : 0);

/**
 * 学生档案 and 班级档案 from 实习成绩: asked for, followed while the server makes it, then downloaded. Both layouts
 * show it (a dialog on the desktop, a card in the phone's sheet); a refusal is shown by the API client.
 */
export function useArchiveProgress() {
  const [shown, setShown] = useState<{ id: string; title: string } | null>(null);
  const start = useStartArchive();
  const status = useQuery({ ...archiveStatusQuery(shown?.id ?? ''), enabled: shown !== null }).data ?? null;
  const [downloading, setDownloading] = useState(false);
  return {
    title: shown?.title ?? '',
    status: shown ? status : null,
    starting: start.isPending,
    /** Asks for an archive, shown under its title (李明的学生档案). */
    start: async (input: ArchiveRequest, title: string) => {
      const made = await start.mutateAsync(input);
      setShown({ id: made.id, title });
    },
    downloading,
    download: async () => {
      if (status?.status !== 'done') return;
      setDownloading(true);
      try {
        await downloadArchive(status);
      } finally {
        setDownloading(false);
      }
    },
    close: () => setShown(null),
  };
}

export type ArchiveProgress = ReturnType<typeof useArchiveProgress>;
