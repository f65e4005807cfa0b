import DOMPurify from 'dompurify';

/**
 * Announcement HTML as it may be shown (SPEC-DECISIONS.md): scripts, event handlers, javascript: links,
 * frames and forms are removed; ordinary formatting, links and images stay.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'] });
}
