// Only web links are kept from sync, crawl and the generator: `javascript:`, `data:`, `vbscript:`,
// `file:`, scheme-relative `//host`, entity-encoded schemes (`javascript&colon;`) and anything else
// that is not an absolute http(s) URL is unknown, not a link (docs/decisions/safe-urls.md).

// Written out, not just parsed: `https:evil.example` and `https:/x` parse, but no source means them.
const WEB_URL = /^https?:\/\/[^\s/?#]/i;

/** The URL when it is an absolute `http:` or `https:` one (trimmed), else undefined. */
export function safeHttpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const s = raw.trim();
  // Control characters and whitespace inside are dropped by URL parsers, which is how `java\tscript:` hides.
  if (s === '' || s.length > 2048 || /[\p{Cc} ]/u.test(s) || !WEB_URL.test(s)) return undefined;
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return undefined;
  }
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' ? s : undefined;
}
