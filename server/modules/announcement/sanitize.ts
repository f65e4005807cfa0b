import sanitizeHtml from 'sanitize-html';

/**
 * The HTML an announcement may keep, applied when it is saved (the browser sanitises again when it
 * shows it). Ordinary formatting, lists, tables, links and images stay; scripts, styles, frames,
 * forms, event handlers and any address other than http(s)/mailto (data: images for <img>) go.
 */

/** Inline pictures pasted into the editor; data:image/svg+xml is left out (it can carry script). */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i;

const LENGTH = /^\d+(?:\.\d+)?(?:px|em|rem|pt|%)?$/;
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'font',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    '*': ['style', 'align'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    th: ['colspan', 'rowspan', 'valign', 'width'],
    td: ['colspan', 'rowspan', 'valign', 'width'],
    ol: ['start', 'type'],
  },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(?:left|right|center|justify)$/],
      'text-decoration': [/^(?:none|underline|line-through)$/],
      'text-indent': [LENGTH],
      'font-size': [LENGTH],
      'font-weight': [/^(?:normal|bold|[1-9]00)$/],
      'font-style': [/^(?:normal|italic)$/],
      'line-height': [LENGTH],
      'margin-left': [LENGTH],
      'padding-left': [LENGTH],
      width: [LENGTH],
      height: [LENGTH],
      'border-collapse': [/^(?:collapse|separate)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with everything inside them; other disallowed tags (form, input, button) lose only the tag.
  nonTextTags: ['script', 'style', 'textarea', 'select', 'option', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template', 'title', 'head'],
  transformTags: {
    // Targets other than a new tab or this one go; a new tab must not be able to reach back to the page.
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      if (target === '_blank') return { tagName, attribs: { ...rest, target, rel: 'noopener noreferrer' } };
      return { tagName, attribs: target === '_self' ? { ...rest, target } : rest };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      if (!src.toLowerCase().startsWith('data:') || DATA_IMAGE.test(src)) return { tagName, attribs };
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
  },
  // An image whose address was refused is left out rather than kept empty.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** True when the HTML shows nothing: no text (spaces and &nbsp; aside) and no image. */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').trim() === '';
}
