import { FieldError } from '#shared/rules/field-error';

// A request body in JSON: one value in UTF-8 that JSON.parse reads, plus two rules it does not
// keep. Each object names a key once: JSON.parse keeps the last of a repeated key silently, so
// `{"type":"spam","type":"other"}` would be judged on a value the client may not have meant
// (protobuf's own JSON readers refuse a repeat too). And strings are whole Unicode: a lone
// surrogate escape (`"\ud800"`) cannot be stored or matched as text. Both are 400 naming the field.

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

interface Frame {
  parent: Frame | undefined;
  /** Keys seen so far (objects only). */
  keys?: Set<string>;
  /** The current key (objects) or index (arrays). */
  key?: string;
  index: number;
}

const position = (f: Frame) => (f.keys ? `.${f.key ?? ''}` : `[${f.index}]`);

/**
 * The dotted path of the value `frame` is at, or of its member `key`; built only for an error,
 * so a deep body costs no path per level.
 */
function pathOf(frame: Frame | undefined, key?: string): string {
  const parts = key === undefined ? [] : [`.${key}`];
  for (let f = key === undefined ? frame : frame?.parent; f; f = f.parent) parts.push(position(f));
  return parts.reverse().join('').replace(/^\./, '');
}

/** Index just past the closing quote of the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/** Walks text JSON.parse accepted: a repeated key or a lone surrogate is a FieldError at its path. */
function checkKeysAndStrings(text: string): void {
  let top: Frame | undefined;
  let expectKey = false;
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      const raw = text.slice(i, end);
      const escaped = raw.includes('\\');
      if (top?.keys && expectKey) {
        const key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (top.keys.has(key)) throw new FieldError(pathOf(top, key), 'appears more than once');
        top.keys.add(key);
        top.key = key;
        expectKey = false;
      } else if (escaped && raw.includes('\\u') && LONE_SURROGATE.test(JSON.parse(raw) as string)) {
        throw new FieldError(pathOf(top) || 'body', 'is not valid Unicode (a lone surrogate)');
      }
      i = end;
      continue;
    }
    if (c === '{') {
      top = { parent: top, keys: new Set(), index: 0 };
      expectKey = true;
    } else if (c === '[') top = { parent: top, index: 0 };
    else if (c === '}' || c === ']') top = top?.parent;
    else if (c === ',') {
      if (top?.keys) expectKey = true;
      else if (top) top.index++;
    }
    i++;
  }
}

/** Parses a JSON request body; a FieldError on `body` when it is not UTF-8 JSON, else at the field. */
export function parseJsonText(bytes: Uint8Array): unknown {
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    value = JSON.parse(text);
  } catch {
    throw new FieldError('body', 'is not valid UTF-8 JSON');
  }
  checkKeysAndStrings(text);
  return value;
}
