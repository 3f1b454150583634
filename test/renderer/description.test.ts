// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Description } from '../../renderer/components/Description.js';
import { descriptionHtml } from '../../renderer/sanitize/description-html.js';
import { expectInert } from '../helpers/inert-html.js';
import { HOSTILE_HTML } from '../e2e/support/fixture-jobs.js';

// The renderer's own pass over a description, on a DOM, with markup that never met the server's
// sanitizer (an older or compromised service).

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

function render(html: string): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(createElement(Description, { html })));
  return host;
}

describe('descriptionHtml (DOMPurify with the shared allowlist)', () => {
  it('removes scripts, handlers, frames, forms, styles and javascript: links', () => {
    const out = descriptionHtml(HOSTILE_HTML);
    // Beyond the allowlist, the renderer adds exactly one thing: target/rel on links that have an href.
    expect(out.match(/ target="_blank" rel="noopener noreferrer nofollow"/g)).toHaveLength(1);
    expectInert(out.replace(/ target="_blank" rel="noopener noreferrer nofollow"/g, ''));
    expect(out).toContain('Click to continue');
    expect(out).toContain('Read this before you apply.');
    expect(out).not.toMatch(/__pwned/);
  });

  it('keeps structure and https links, which open outside the app', () => {
    const out = descriptionHtml(
      '<h3>Role</h3><ul><li>Build <strong>things</strong></li></ul><a href="https://example.com/x">x</a><table><tr><td colspan="2">a</td></tr></table>',
    );
    expect(out).toContain('<h3>Role</h3>');
    expect(out).toContain('<li>Build <strong>things</strong></li>');
    expect(out).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(out).toContain('colspan="2"');
  });

  it('drops relative and data: links rather than let them navigate the app', () => {
    const out = descriptionHtml(
      '<a href="/settings">a</a><a href="data:text/html,<script>1</script>">b</a><a href="mailto:jobs@example.com">c</a>',
    );
    expect(out).toBe(
      '<a>a</a><a>b</a><a href="mailto:jobs@example.com" target="_blank" rel="noopener noreferrer nofollow">c</a>',
    );
  });
});

describe('<Description>', () => {
  it('renders hostile markup with nothing that can run', () => {
    const el = render(HOSTILE_HTML);
    const box = el.querySelector('[data-testid="description"]')!;
    expect(box.textContent).toContain('Click to continue');
    expect(box.querySelectorAll('script, iframe, img, svg, math, form, input, style, base, details')).toHaveLength(0);
    for (const node of box.querySelectorAll('*')) {
      for (const a of node.attributes)
        expect(a.name.startsWith('on') || a.name === 'style', `${node.localName}[${a.name}]`).toBe(false);
    }
    (box.querySelector('p:nth-of-type(2)') as HTMLElement | null)?.click();
    expect((window as { __pwned?: string }).__pwned).toBeUndefined();
  });
});
