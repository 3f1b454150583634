import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../../electron/service/sanitize/sanitize-description.js';
import { DESCRIPTION_POLICY } from '#shared/sanitize/description-policy';
import { normalizeDescriptionStructure } from '#shared/sanitize/description-structure';
import { expectInert } from '../../helpers/inert-html.js';
import { openFixture } from '../../helpers/fixture.js';

// The main process sanitizes with sanitize-html, the renderer with DOMPurify; both configs come
// from one allowlist. Parsed into a DOM, their outputs must be the same document.
const window = new JSDOM('').window;
const purify = createDOMPurify(window as unknown as Window & typeof globalThis);
const normalize = (html: string) => {
  const t = window.document.createElement('template');
  t.innerHTML = html;
  return t.innerHTML;
};

const h = openFixture();
afterAll(() => h.close());

describe('the renderer policy and the main-process sanitizer', () => {
  it('produce the same document for every generated description, hostile ones included', () => {
    // Every hostile description and 300 ordinary ones (DOMPurify over jsdom takes ~3 ms each).
    const htmls = h.db
      .prepare(
        `WITH d AS (SELECT description_html(html) AS html FROM job_descriptions)
        SELECT html FROM d WHERE html LIKE '%<script%' OR html LIKE '%javascript:%'
        OR html LIKE '%onerror%' OR html LIKE '%<iframe%' OR html LIKE '%<form%' OR html LIKE '%onclick%'
        UNION ALL SELECT html FROM (SELECT html FROM d LIMIT 300)`,
      )
      .pluck()
      .all() as string[];
    expect(htmls.length).toBeGreaterThan(330);
    for (const html of htmls) {
      const main = sanitizeDescription(html);
      expectInert(main);
      expect(normalize(main)).toBe(normalize(normalizeDescriptionStructure(purify.sanitize(html, DESCRIPTION_POLICY))));
    }
    // Minutes, not seconds, on a machine shared by many test runs (30 s timed out at load ~20).
  }, 180_000);

  it.each([
    '<a href="/relative">x</a><a href="javascript:alert(1)">y</a><a href="https://ok.example/">z</a>',
    '<p onclick="x()" style="color:red" class="c">t</p><img src=x onerror=alert(1)>',
    '<table><tr><td colspan="2" rowspan="1">c</td></tr></table>',
    '<iframe src="https://evil.example/"></iframe><form><input name=p></form><p>after</p>',
  ])('agree on %s', (html) => {
    expect(normalize(sanitizeDescription(html))).toBe(normalize(purify.sanitize(html, DESCRIPTION_POLICY)));
  });
});
