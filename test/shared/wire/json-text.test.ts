import { describe, expect, it } from 'vitest';
import { FieldError } from '#shared/rules/field-error';
import { parseJsonText } from '#shared/wire/json-text';

const parse = (text: string) => parseJsonText(new TextEncoder().encode(text));
const fieldOf = (text: string) => {
  try {
    parse(text);
    return undefined;
  } catch (e) {
    return (e as FieldError).message;
  }
};

describe('parseJsonText', () => {
  it('reads what JSON.parse reads when no key repeats', () => {
    const text = '{"a":"}{\\",[","b":[{"a":1},{"a":2}],"c":{"a":{"a":null}},"d":"\\u00e9\\ud83d\\ude00"}';
    expect(parse(text)).toEqual(JSON.parse(text));
  });

  it('names a repeated key by its path, through arrays, escapes and strings that look like JSON', () => {
    expect(fieldOf('{"a":1,"a":2}')).toBe('a: appears more than once');
    expect(fieldOf('{"ids":["x",{"k":"\\"}","k":1}]}')).toBe('ids[1].k: appears more than once');
    expect(fieldOf('{"a":{"b":[1,2]},"c":{"b":1,"\\u0062":2}}')).toBe('c.b: appears more than once');
  });

  it('names a lone surrogate by its path; a pair is fine', () => {
    expect(fieldOf('{"q":["ok","\\udc00"]}')).toBe('q[1]: is not valid Unicode (a lone surrogate)');
    expect(fieldOf('"\\ud800"')).toBe('body: is not valid Unicode (a lone surrogate)');
    expect(fieldOf('{"q":"\\ud83d\\ude00"}')).toBeUndefined();
  });

  it('refuses text that is not UTF-8 JSON as the body', () => {
    expect(fieldOf('{"a":1} x')).toBe('body: is not valid UTF-8 JSON');
    expect(() => parseJsonText(Uint8Array.of(0x22, 0xff, 0x22))).toThrow('body: is not valid UTF-8 JSON');
  });
});
