import type { MouseEvent } from 'react';
import { Tag, Toast } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import type { OutboxEntry, OutboxState } from '@/offline/db.ts';
import { DISCARDABLE_STATES, outbox } from '@/offline/outbox.ts';
import './queued-entry-state.css';

const LABELS: Record<Exclude<OutboxState, 'synced'>, { text: string; color: string }> = {
  pending: { text: '待同步', color: 'warning' },
  syncing: { text: '同步中', color: 'primary' },
  retrying: { text: '等待重试', color: 'warning' },
  'needs-fix': { text: '需修改', color: 'danger' },
};

/**
 * A record on the device in a phone list row (any kind: a 周记, a 请假, a 走访): its state, and 删除 while
 * it is not being sent, so a record the server refused (需修改) or one not wanted any more does not wait
 * forever. Deleting asks first; the server's copy of the record, if it has one, stays as it is.
 */
export function QueuedEntryState({ entry, what }: { entry: OutboxEntry; what: string }) {
  if (entry.state === 'synced') return null;
  const label = LABELS[entry.state];
  const discard = async (event: MouseEvent) => {
    // The row opens the record: the button is a control of its own.
    event.stopPropagation();
    const confirmed = await confirmDialog({
      title: `删除这份${what}？`,
      content: `删除后，本机保存的这份${what}（含照片和附件）将不再提交，且无法恢复。`,
      confirmText: '删除',
      cancelText: '取消',
    });
    if (!confirmed) return;
    if (await outbox.discard(entry.id)) Toast.show({ icon: 'success', content: '已删除' });
    else Toast.show({ content: `这份${what}正在提交，请稍后再试` });
  };
  return (
    <span className="queued-entry-state">
      <Tag color={label.color}>{label.text}</Tag>
      {(DISCARDABLE_STATES as readonly string[]).includes(entry.state) && (
        <button type="button" className="queued-entry-state__discard" aria-label={`删除这份${what}`} onClick={(event) => void discard(event)}>
          删除
        </button>
      )}
    </span>
  );
}
