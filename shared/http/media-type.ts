// A Content-Type as HTTP writes it (RFC 9110 § 8.3.1): `type/subtype`, then parameters, each
// `; name=value` with optional whitespace around the `;`, the value a token or a quoted string;
// names are case-insensitive. Connect's own check takes only `application/json` with an optional
// `; charset=utf-8` spelled one way, so `application/json; charset="UTF-8"` or
// `application/json ; charset=utf-8` (both valid HTTP) would be 415.

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
// Whitespace has one place to go (after a `;` or a value), so a long malformed header fails in linear time.
const PARAMETER = `;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED})[ \\t]*)?`;
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})[ \\t]*((?:${PARAMETER})*)$`);
const EACH_PARAMETER = new RegExp(`(${TOKEN})=(${TOKEN}|${QUOTED})`, 'g');

/** The body formats a request may be sent in: JSON, or protobuf binary (Connect's unary `application/proto`). */
export type BodyFormat = 'json' | 'proto';

/** `type/subtype` lower-cased and the parameters by lower-cased name (values unquoted), or undefined when malformed. */
export function parseMediaType(header: string): { type: string; params: Map<string, string> } | undefined {
  const m = MEDIA_TYPE.exec(header.trim());
  if (!m) return undefined;
  const params = new Map<string, string>();
  for (const [, name, value] of m[3]!.matchAll(EACH_PARAMETER)) {
    params.set(name!.toLowerCase(), value!.startsWith('"') ? value!.slice(1, -1).replace(/\\(.)/g, '$1') : value!);
  }
  return { type: `${m[1]}/${m[2]}`.toLowerCase(), params };
}

/**
 * The format a Content-Type names: `application/json` (no charset or UTF-8, the only one JSON
 * has) or `application/proto`, any other parameter ignored; undefined for anything else.
 */
export function bodyFormat(header: string | null): BodyFormat | undefined {
  const media = header === null ? undefined : parseMediaType(header);
  if (media?.type === 'application/proto') return 'proto';
  if (media?.type !== 'application/json') return undefined;
  const charset = media.params.get('charset')?.toLowerCase();
  return charset === undefined || charset === 'utf-8' || charset === 'utf8' ? 'json' : undefined;
}
