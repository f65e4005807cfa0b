import { Button, List, ProgressBar } from 'antd-mobile';
import { archivePercent, archiveProgressText, type ArchiveProgress } from './archive-progress.ts';

/** The archive asked for, as a card of the phone's sheet: its progress (antd-mobile ProgressBar), then 下载档案. */
export function ArchiveProgressCard({ archive }: { archive: ArchiveProgress }) {
  const { status } = archive;
  if (!status) return null;
  return (
    <List header={archive.title} mode="card">
      <List.Item description={<span role="status">{archiveProgressText(status)}</span>}>
        <ProgressBar percent={archivePercent(status)} aria-label="档案生成进度" />
      </List.Item>
      <List.Item>
        <Button block color="primary" disabled={status.status !== 'done'} loading={archive.downloading} onClick={() => void archive.download().catch(() => undefined)}>
          下载档案
        </Button>
      </List.Item>
    </List>
  );
}
