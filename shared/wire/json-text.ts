import { FieldError } from '#shared/rules/field-error';

// A request body in JSON: one value in UTF-8 that JSON.parse reads, plus two rules it does not
// keep. Each object names a key once: JSON.parse keeps the last of a repeated key silently, so
// `{"type":"spam","type":"other"}` would be judged on a value the client may not have meant
// (protobuf's own JSON readers refuse a repeat too). And strings are whole Unicode: a lone
// surrogate escape (`"\ud800"`) cannot be stored or matched as text. Both are 400 naming the field.

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

interface Frame {
  path: string;
  /** Keys seen so far (objects only). */
  keys?: Set<string>;
  /** The current key (objects) or index (arrays). */
  key?: string;
  index: number;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

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
  const stack: Frame[] = [];
  let expectKey = false;
  const valuePath = (): string => {
    const top = stack.at(-1);
    if (!top) return '';
    return top.keys ? join(top.path, top.key ?? '') : `${top.path}[${top.index}]`;
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (top?.keys && expectKey) {
        const key = JSON.parse(text.slice(i, end)) as string;
        if (top.keys.has(key)) throw new FieldError(join(top.path, key), 'appears more than once');
        top.keys.add(key);
        top.key = key;
        expectKey = false;
      } else if (text.slice(i, end).includes('\\u') && LONE_SURROGATE.test(JSON.parse(text.slice(i, end)) as string)) {
        throw new FieldError(valuePath() || 'body', 'is not valid Unicode (a lone surrogate)');
      }
      i = end;
      continue;
    }
    if (c === '{') {
      stack.push({ path: valuePath(), keys: new Set(), index: 0 });
      expectKey = true;
    } else if (c === '[') stack.push({ path: valuePath(), index: 0 });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack.at(-1);
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
