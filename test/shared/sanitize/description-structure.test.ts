// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../../electron/service/sanitize/sanitize-description.js';
import { normalizeDescriptionStructure as normalize } from '#shared/sanitize/description-structure';
import { descriptionHtml } from '../../../renderer/sanitize/description-html.js';

// Issue 31 item 11: employer markup that axe calls serious (lists holding divs, items outside a
// list), empty headings, and headings at the level of the job's own title (the detail's h2).
// Both sanitizers end with the shared normalizer, so the service and the renderer agree.

const LINK = ' target="_blank" rel="noopener noreferrer nofollow"';
const both = (html: string) => {
  const main = sanitizeDescription(html);
  const renderer = descriptionHtml(html).replaceAll(LINK, '');
  expect(renderer, 'the renderer agrees with the service').toBe(main);
  return main;
};

describe('description structure, in both sanitizers', () => {
  it('a list holds only li: divs and text in it become items, wrappers around items go', () => {
    expect(both('<ul><div>Rust</div><div><strong>Go</strong></div></ul>')).toBe(
      '<ul><li><div>Rust</div></li><li><div><strong>Go</strong></div></li></ul>',
    );
    expect(both('<ol><div><li>one</li><li>two</li></div></ol>')).toBe('<ol><li>one</li><li>two</li></ol>');
    expect(both('<ul>loose <em>words</em><li>item</li></ul>')).toBe(
      '<ul><li>loose <em>words</em></li><li>item</li></ul>',
    );
    // A list nested straight in a list belongs to the item before it.
    expect(both('<ul><li>a</li><ul><li>b</li></ul></ul>')).toBe('<ul><li>a<ul><li>b</li></ul></li></ul>');
  });

  it('items and definition terms outside their list are put in one', () => {
    expect(both('<div><li>a</li> <li>b</li></div><p>after</p>')).toBe(
      '<div><ul><li>a</li> <li>b</li></ul></div><p>after</p>',
    );
    expect(both('<dl><dt>Pay</dt><dd>€70k</dd><p>note</p></dl>')).toBe(
      '<dl><dt>Pay</dt><dd>€70k</dd><dd><p>note</p></dd></dl>',
    );
  });

  it('drops headings and links with no text', () => {
    expect(both('<h3> </h3><h3>&nbsp;<br></h3><h3><strong></strong></h3><p>x<a href="https://e.com/"> </a></p>')).toBe(
      '<p>x</p>',
    );
    expect(both('<h3>Role</h3>')).toBe('<h3>Role</h3>');
  });

  it('puts headings under the job title: the highest becomes h3, the order kept, none past h6', () => {
    expect(both('<h1>About</h1><h2>You</h2><h4>Perks</h4><h6>Fine print</h6>')).toBe(
      '<h3>About</h3><h4>You</h4><h6>Perks</h6><h6>Fine print</h6>',
    );
    expect(both('<h5>About</h5><h6>You</h6>')).toBe('<h3>About</h3><h4>You</h4>');
    expect(both('<h2></h2><h4>Only</h4>')).toBe('<h3>Only</h3>');
  });

  it('drops inline styles and presentational attributes', () => {
    expect(
      both('<p style="color:#999;font-size:9px" align="center" class="x"><span style="color:red">Hi</span></p>'),
    ).toBe('<p><span>Hi</span></p>');
  });

  it('is idempotent and leaves valid markup as it is', () => {
    const valid =
      '<h3>Role</h3><p>We <a href="https://e.com/" title="a>b">build</a> &amp; ship.</p><ul><li>a</li></ul><hr>';
    expect(normalize(valid)).toBe(valid);
    const messy = '<h1>A</h1><ul><div>x</div><ul><li>y</li></ul></ul><li>z</li><dt>t</dt>';
    expect(normalize(normalize(messy))).toBe(normalize(messy));
    expect(normalize('plain text, no tags')).toBe('plain text, no tags');
  });
});
