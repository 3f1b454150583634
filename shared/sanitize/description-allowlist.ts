/**
 * The one allowlist for job descriptions. The main process applies it when a detail is read
 * (sanitize-html: a parser, no DOM, ~0.1 ms) and the renderer before it renders (DOMPurify on
 * the real DOM); both configurations are derived from this object, so they cannot disagree.
 * Structure and links survive; scripts, handlers, styles, frames, forms, SVG/MathML and any URL
 * that is not http(s) or mailto do not.
 */
export const DESCRIPTION_ALLOWLIST = {
  tags: [
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
    'pre',
    'span',
    'div',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'dl',
    'dt',
    'dd',
  ],
  /** Attributes by tag; `*` applies to every allowed tag. */
  attributes: { '*': ['title'], a: ['href'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] } as Record<
    string,
    string[]
  >,
  /** Attributes that hold URLs, and the schemes they may use. */
  urlAttributes: ['href'],
  urlSchemes: ['http', 'https', 'mailto'],
  /** Removed together with everything inside them (not just the tags). */
  dropWithContent: [
    'script',
    'style',
    'template',
    'noscript',
    'iframe',
    'frame',
    'object',
    'embed',
    'svg',
    'math',
    'textarea',
    'select',
    'option',
    'title',
    'head',
    'xmp',
    'noembed',
    'noframes',
  ],
} as const;

/** A URL a description may link to: one of the allowed schemes; relative URLs are dropped too. */
export const DESCRIPTION_URL = new RegExp(`^(?:${DESCRIPTION_ALLOWLIST.urlSchemes.join('|')}):`, 'i');
