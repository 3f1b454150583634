import type { Config } from 'dompurify';

/**
 * The one allowlist for job descriptions, used by the main process when a detail is read and by
 * the renderer before it renders. Structure and links survive; scripts, event handlers, styles,
 * frames, forms, and any URL that is not http(s) or mailto do not.
 */
export const DESCRIPTION_POLICY = {
  ALLOWED_TAGS: [
    'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'code', 'pre', 'span', 'div', 'a',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'dl', 'dt', 'dd',
  ],
  ALLOWED_ATTR: ['href', 'title', 'colspan', 'rowspan'],
  // DOMPurify tests every attribute not on its URI-safe list against ALLOWED_URI_REGEXP, which
  // would drop colspan="2" and rowspan="2" (a number is not an http(s) URL); they hold no URL.
  ADD_URI_SAFE_ATTR: ['colspan', 'rowspan'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;
