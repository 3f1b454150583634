import { JSDOM } from 'jsdom';
import { expect } from 'vitest';
import { DESCRIPTION_POLICY } from '#shared/sanitize/description-policy';

const ALLOWED_TAGS = new Set<string>(DESCRIPTION_POLICY.ALLOWED_TAGS);
const ALLOWED_ATTRS = new Set<string>(DESCRIPTION_POLICY.ALLOWED_ATTR);

/**
 * Everything a browser would build from `html` is inert: only allowlisted elements in the HTML
 * namespace, only allowlisted attributes (no on*, no style), and links only to http(s) or mailto.
 */
let parser: InstanceType<JSDOM['window']['DOMParser']> | undefined;

export function expectInert(html: string): void {
  parser ??= new new JSDOM('').window.DOMParser();
  const doc = parser.parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  for (const el of doc.body.querySelectorAll('*')) {
    expect(ALLOWED_TAGS.has(el.localName), `element <${el.localName}> in ${html}`).toBe(true);
    expect(el.namespaceURI).toBe('http://www.w3.org/1999/xhtml');
    for (const a of el.attributes) {
      expect(ALLOWED_ATTRS.has(a.name), `attribute ${a.name} in ${html}`).toBe(true);
      expect(a.name.startsWith('on')).toBe(false);
      if (a.name === 'href') expect(a.value.trim()).toMatch(/^(https?:|mailto:)/i);
    }
  }
  expect(html).not.toMatch(/<\s*(script|iframe|form|style|svg|math|object|embed|base|meta|img|input|template)\b/i);
  expect(html).not.toMatch(/javascript\s*:/i);
}
