/** What both layouts' content editors share about announcement HTML (no UI library, no editor library here). */

/** Addresses the editor's 链接 and 图片 accept; the server keeps the same schemes (server/modules/announcement/sanitize.ts). */
export const LINK_ADDRESS = /^(?:https?:\/\/|mailto:)\S+$/i;
export const IMAGE_ADDRESS = /^https?:\/\/\S+$/i;

/** The elements the rich-text editor keeps as they are (rich-text-editor.tsx's extensions). */
const KEPT_TAGS = new Set(['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'a', 'img']);
const TAG = /<([a-z][a-z0-9]*)\b([^<>]*)>/gi;
const LOOKS = /\s(?:style|align|color|size)\s*=/i;

/**
 * True when the editor would lose part of this HTML on the first change: tables, colours, alignment
 * and other markup from before the editor (or typed as source) that it cannot represent. The text
 * stays, the formatting goes; the forms warn (and the desktop opens HTML源码) instead of losing it unseen.
 */
export function editorDropsFormatting(html: string): boolean {
  for (const [, tag = '', attributes = ''] of html.matchAll(TAG)) {
    if (!KEPT_TAGS.has(tag.toLowerCase()) || LOOKS.test(attributes)) return true;
  }
  return false;
}
