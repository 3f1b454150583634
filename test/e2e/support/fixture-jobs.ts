// Jobs the e2e index carries on top of the generated corpus, so tests can find them by id.

/** Markup that, if anything of it ran, would set `window.__pwned` (the tests check it stays unset). */
export const HOSTILE_HTML = [
  '<p>Read this before you apply.</p>',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img-onerror\'">',
  '<p id="evil-click" onclick="window.__pwned = \'onclick\'" style="position:fixed;inset:0">Click to continue</p>',
  '<a id="evil-link" href="javascript:window.__pwned = \'javascript-url\'">Apply here</a>',
  '<a href="https://careers.example.com/apply">Our careers page</a>',
  '<svg><script>window.__pwned = "svg-script"</script></svg>',
  '<svg onload="window.__pwned = \'svg-onload\'"></svg>',
  '<iframe srcdoc="<script>parent.__pwned = \'iframe\'</script>"></iframe>',
  '<details open ontoggle="window.__pwned = \'ontoggle\'"><summary>More</summary>Hidden text</details>',
  '<form action="https://evil.example/"><input name="password" autofocus onfocus="window.__pwned = \'onfocus\'"></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=\'mxss\'"></style></mglyph></table></mtext></math>',
  '<style>body { display: none }</style>',
  '<base href="https://evil.example/">',
].join('\n');

export const HOSTILE_JOB = {
  id: '0e2e0000-0000-4000-8000-00000000bad1',
  title: 'Hostile Markup Inspector',
} as const;

export const EXPIRED_JOB = {
  id: '0e2e0000-0000-4000-8000-0000000e0001',
  title: 'Expired Lighthouse Keeper',
} as const;
