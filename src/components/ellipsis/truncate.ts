/** SPEC.md section 9: text is cut at 25 characters by default. */
export const ELLIPSIS_LENGTH = 25;

/**
 * The first `length` characters and "..." when the text is longer. Counts characters as a person
 * does (an emoji or a rare Han character outside the BMP is one), so none is ever split in half.
 */
export function truncateText(text: string | null | undefined, length: number = ELLIPSIS_LENGTH): { text: string; truncated: boolean } {
  const full = text ?? '';
  const chars = Array.from(full);
  const limit = Math.max(0, Math.floor(length));
  if (chars.length <= limit) return { text: full, truncated: false };
  return { text: `${chars.slice(0, limit).join('')}...`, truncated: true };
}
