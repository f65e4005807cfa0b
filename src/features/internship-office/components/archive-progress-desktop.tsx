import { Button, Modal, Progress, Typography } from 'antd';
import { ARCHIVE_KEEP_HOURS } from '@contract/archive.ts';
import { archivePercent, archiveProgressText, type ArchiveProgress } from './archive-progress.ts';

/** The archive asked for, as a dialog: its progress (antd Progress), then 下载档案. */
export function ArchiveProgressModal({ archive }: { archive: ArchiveProgress }) {
  const { status } = archive;
  return (
    <Modal
      open={status !== null}
      title={archive.title}
      onCancel={archive.close}
      footer={[
        <Button key="close" onClick={archive.close}>
          关闭
        </Button>,
        <Button key="download" type="primary" disabled={status?.status !== 'done'} loading={archive.downloading} onClick={() => void archive.download().catch(() => undefined)}>
          下载档案
        </Button>,
      ]}
    >
      {status && (
        <>
          <Progress percent={archivePercent(status)} status={status.status === 'failed' ? 'exception' : status.status === 'done' ? 'success' : 'active'} aria-label="档案生成进度" />
          <p role="status">{archiveProgressText(status)}</p>
          <Typography.Paragraph type="secondary">档案在服务器上生成，关闭窗口不会中断，再次点击即可继续查看；生成的档案保留 {ARCHIVE_KEEP_HOURS} 小时。</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
