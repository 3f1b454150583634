import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../../electron/service/sanitize/sanitize-description.js';
import { expectInert } from '../../helpers/inert-html.js';

const s = sanitizeDescription;

describe('sanitizeDescription: hostile markup', () => {
  it.each([
    ['script with content', '<p>a</p><script>alert("xss")</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['img onerror', '<p>a<img src="x" onerror="alert(1)">b</p>', '<p>ab</p>'],
    ['unclosed img onerror', '<img src=x onerror=alert(1)//', ''],
    ['iframe', '<iframe src="https://evil.example/frame"></iframe><p>ok</p>', '<p>ok</p>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['form with input', '<form action="https://evil.example/"><input name="password"></form>', ''],
    ['style element', '<style>body{display:none}</style><p>after</p>', '<p>after</p>'],
    ['style and event attributes', '<p onclick="steal()" style="position:fixed;top:0">Click</p>', '<p>Click</p>'],
    ['class, id, data and aria attributes', '<p class="x" id="y" data-x="1" aria-label="l">t</p>', '<p>t</p>'],
    ['svg script', '<svg><script>alert(2)</script></svg>', ''],
    ['svg link with xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', ''],
    ['svg onload', '<svg onload="alert(1)"><circle r="5"/></svg><p>x</p>', '<p>x</p>'],
    ['math namespace confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['noscript attribute breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
    ['template', '<template><script>alert(1)</script></template>', ''],
    [
      'object, embed, base, meta',
      '<object data="x.swf"></object><embed src="x"><base href="https://evil/"><meta http-equiv="refresh" content="0;url=https://evil">',
      '',
    ],
    ['split script tag', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ])('neutralises %s', (_name, input, expected) => {
    const out = s(input);
    expect(out).toBe(expected);
    expectInert(out);
  });

  it.each([
    ['mixed-case javascript:', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['leading space', '<a href=" javascript:alert(1)">x</a>'],
    ['tab inside the scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['entity-encoded scheme', '<a href="&#106;avascript:alert(1)">x</a>'],
    ['newline inside the scheme', '<a href="java\nscript:alert(1)">x</a>'],
    ['data: URL', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>'],
    ['relative URL', '<a href="/apply">x</a>'],
    ['protocol-relative URL', '<a href="//evil.example/">x</a>'],
  ])('drops the href of a link with %s but keeps its text', (_name, input) => {
    expect(s(input)).toBe('<a>x</a>');
  });
});

describe('sanitizeDescription: ordinary markup survives', () => {
  it('keeps lists, emphasis, headings and https links unchanged', () => {
    const html =
      '<p>We are hiring a <strong>Senior Engineer</strong> at <em>Acme</em>.</p>\n<h3>What you will do</h3>\n' +
      '<ul><li>Build things</li><li>Ship <b>often</b></li></ul>\n<ol><li>One</li></ol>\n' +
      '<p>See <a href="https://www.example.com/careers">our careers page</a> or write to ' +
      '<a href="mailto:jobs@example.com">jobs@example.com</a>.<br>Thanks</p>';
    // The parser writes void elements in their XHTML-compatible form; nothing else changes.
    expect(s(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('keeps http links and titles, dropping only what is not allowed', () => {
    expect(s('<a href="https://ok.example/a?b=c&amp;d=e" target="_blank" onclick="x()" title="T">ok</a>')).toBe(
      '<a href="https://ok.example/a?b=c&amp;d=e" title="T">ok</a>',
    );
    expect(s('<a href="HTTP://OK.EXAMPLE/">ok</a>')).toBe('<a href="HTTP://OK.EXAMPLE/">ok</a>');
  });

  it('keeps table structure including colspan and rowspan', () => {
    expect(s('<table><tr><td colspan="2">c</td></tr><tr><td rowspan="3">d</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">c</td></tr><tr><td rowspan="3">d</td></tr></table>',
    );
    expect(s('<table><tr><td colspan="2" onmouseover="x()">c</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">c</td></tr></table>',
    );
  });

  it('keeps the text of removed elements that are not scripts', () => {
    expect(s('<p><font color="red">red</font> <marquee>moving</marquee></p>')).toBe('<p>red moving</p>');
    expect(s('<form><button formaction="javascript:alert(1)">go</button></form>')).toBe('go');
  });

  it('escapes text rather than turning it into markup', () => {
    expect(s('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>');
    expect(s('<<script>script>alert(1)//<</script>/script>')).toBe('&lt;/script&gt;');
  });
});

describe('sanitizeDescription: broken markup', () => {
  it('closes unclosed tags', () => {
    expect(s('<p>unclosed <strong>bold <em>both')).toBe('<p>unclosed <strong>bold <em>both</em></strong></p>');
    expect(s('<ul><li>one<li>two</ul>')).toBe('<ul><li>one</li><li>two</li></ul>');
  });

  it('repairs mis-nested tags into a well-formed tree', () => {
    const out = s('<div><p><b>deep</div></p>');
    expect(out).toBe('<div><p><b>deep</b></p></div><p></p>');
    expectInert(out);
  });

  it('deep nesting of hostile elements still yields nothing executable', () => {
    const nested =
      '<div>'.repeat(50) +
      '<svg><g><a href="javascript:alert(1)"><script>x</script></a></g></svg>' +
      '</div>'.repeat(50);
    const out = s(nested);
    expectInert(out);
    expect(out).not.toContain('alert');
  });

  it('handles empty and plain-text input', () => {
    expect(s('')).toBe('');
    expect(s('just text')).toBe('just text');
  });
});
