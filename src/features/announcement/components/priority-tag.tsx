import { PRIORITY_LABELS } from '@contract/announcement.ts';

/** The priority as a small coloured tag (L 一般, M 重要, H 紧急); plain markup, so desktop and phone share it. */
export function PriorityTag({ priority }: { priority: 'L' | 'M' | 'H' }) {
  return <span className={`notice-priority notice-priority--${priority}`}>{PRIORITY_LABELS[priority]}</span>;
}
