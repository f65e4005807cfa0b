import { SEND_STATUS_LABELS, type SendStatus } from '@contract/announcement.ts';
import './system-announcement.css';

/** 未发布 / 已发布 / 已撤销 as a small tag; plain markup for both layouts. */
export function StatusBadge({ status }: { status: SendStatus }) {
  return <span className={`annt-status annt-status--${status}`}>{SEND_STATUS_LABELS[status]}</span>;
}
