// @vitest-environment jsdom
// Company logos (issue 32 item 11): a private, offline app loads none from third-party hosts.
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '#shared/http/csp';
import { CompanyLogo } from '../../renderer/components/CompanyLogo.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

function render(url: string | undefined): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(createElement(CompanyLogo, { name: 'Acme Rockets', url })));
  return host;
}

describe('CompanyLogo', () => {
  it('shows initials, and requests nothing, for a logo on another host', () => {
    const el = render('https://logos.tracker.example/acme.png');
    expect(el.querySelector('img')).toBeNull();
    expect(el.textContent).toBe('AR');
  });

  it('shows a logo the app serves itself', () => {
    expect(render('data:image/png;base64,iVBORw0KGgo=').querySelector('img')).not.toBeNull();
  });

  it("the window's policy loads no image from another host either", () => {
    expect(RENDERER_CSP).toMatch(/img-src 'self' data:;/);
  });
});
