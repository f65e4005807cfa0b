import { ELLIPSIS_LENGTH, truncateText } from './truncate.ts';

export interface EllipsisTextProps {
  text: string | null | undefined;
  /** Characters shown before "..." (default 25). */
  length?: number;
  className?: string;
}

/** Long text cut to `length` characters, the full text in the title attribute (no antd: fit for the phone). */
export function EllipsisText({ text, length = ELLIPSIS_LENGTH, className }: EllipsisTextProps) {
  const cut = truncateText(text, length);
  return (
    <span className={className} title={cut.truncated ? (text ?? '') : undefined}>
      {cut.text}
    </span>
  );
}
