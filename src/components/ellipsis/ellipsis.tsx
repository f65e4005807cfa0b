import { Tooltip } from 'antd';
import { ELLIPSIS_LENGTH, truncateText } from './truncate.ts';

export interface EllipsisProps {
  text: string | null | undefined;
  /** Characters shown before "..." (default 25). */
  length?: number;
  /** Show the full text in a tooltip when cut (default true); otherwise in the title attribute. */
  tooltip?: boolean;
  className?: string;
}

/** Long text cut to `length` characters with the full text in a tooltip (desktop, antd). */
export function Ellipsis({ text, length = ELLIPSIS_LENGTH, tooltip = true, className }: EllipsisProps) {
  const cut = truncateText(text, length);
  if (!cut.truncated) return <span className={className}>{cut.text}</span>;
  if (!tooltip) {
    return (
      <span className={className} title={text ?? ''}>
        {cut.text}
      </span>
    );
  }
  return (
    <Tooltip title={text}>
      <span className={className}>{cut.text}</span>
    </Tooltip>
  );
}
