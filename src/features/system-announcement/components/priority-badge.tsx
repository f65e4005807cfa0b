import { PRIORITY_LABELS, toPriority } from '@contract/announcement.ts';
import './system-announcement.css';

/** The priority as a small coloured tag (一般 blue, 重要 orange, 紧急 red); plain markup, so desktop and phone share it. */
export function PriorityBadge({ priority }: { priority: unknown }) {
  const code = toPriority(String(priority ?? ''));
  return <span className={`annt-priority annt-priority--${code}`}>{PRIORITY_LABELS[code]}</span>;
}
