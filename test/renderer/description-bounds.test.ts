// @vitest-environment jsdom
// A hostile description reaching the renderer (issue 32 item 3): 100,000 levels deep, or 20 MB,
// from an older or compromised service. It is bounded before DOMPurify parses it.
import { describe, expect, it } from 'vitest';
import { descriptionHtml } from '../../renderer/sanitize/description-html.js';
import { boundDescription, DESCRIPTION_MAX_CHARS, DESCRIPTION_MAX_DEPTH } from '#shared/sanitize/description-limits';

function depthOf(root: Element): number {
  let max = 0;
  const walk = (el: Element, d: number): void => {
    max = Math.max(max, d);
    for (const c of Array.from(el.children)) walk(c, d + 1);
  };
  // Iterative would be kinder, but a bounded tree is the point: recursion here is shallow.
  walk(root, 0);
  return max;
}

describe('descriptions bounded before rendering', () => {
  it('a description 100,000 levels deep renders at most 40 deep, its text kept', () => {
    const deep = `${'<div>'.repeat(100_000)}Deep inside${'</div>'.repeat(100_000)}<p>After</p>`;
    const out = descriptionHtml(deep);
    const host = document.createElement('div');
    host.innerHTML = out;
    expect(depthOf(host)).toBeLessThanOrEqual(DESCRIPTION_MAX_DEPTH);
    expect(host.textContent).toBe('Deep insideAfter');
  });

  it('a 20 MB description is cut to 200,000 characters', () => {
    const big = '<p>Build launch systems with us, every day. </p>'.repeat(420_000);
    const out = descriptionHtml(big);
    expect(out.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS + 10);
    expect(out.startsWith('<p>Build launch systems')).toBe(true);
  });

  it('leaves ordinary descriptions as they are', () => {
    const html = '<h3>Role</h3><ul><li>Build <strong>things</strong></li></ul><p>a<br>b</p>';
    expect(boundDescription(html)).toBe(html);
    // Deeper than the cap only where it is deeper; siblings and closing tags stay matched.
    const nested = `${'<div>'.repeat(45)}x${'</div>'.repeat(45)}<p>y</p>`;
    expect(boundDescription(nested)).toBe(`${'<div>'.repeat(40)}x${'</div>'.repeat(40)}<p>y</p>`);
  });
});
