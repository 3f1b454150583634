// Node 20's global `Headers` is a lazy getter that loads all of its bundled undici (fetch, agents,
// pools) on first use; Connect builds Headers for every call, even through the in-memory transport.
// A read command talks to the service in-process and fetches nothing, so it installs this class,
// the Fetch standard's Headers without the guard modes, before its first call (issue 30,
// docs/decisions/cli-cold-start.md).

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A value's leading and trailing HTTP whitespace is dropped; NUL, CR and LF are refused.
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;

type Init = Iterable<Iterable<string>> | Record<string, string>;

function headerName(name: string): string {
  const n = String(name);
  if (!TOKEN.test(n)) throw new TypeError(`Headers: invalid header name "${n}"`);
  return n.toLowerCase();
}

function headerValue(value: string): string {
  const v = String(value).replace(EDGE_WHITESPACE, '');
  if (FORBIDDEN_IN_VALUE.test(v)) throw new TypeError(`Headers: invalid header value "${v}"`);
  return v;
}

export class InProcessHeaders implements Headers {
  // Lower-case name → its values in the order appended (set-cookie is never combined).
  readonly #values = new Map<string, string[]>();

  constructor(init?: Init) {
    if (init == null) return;
    if (typeof (init as Iterable<Iterable<string>>)[Symbol.iterator] === 'function') {
      for (const pair of init as Iterable<Iterable<string>>) {
        const kv = [...pair];
        if (kv.length !== 2) throw new TypeError('Headers: each header pair must hold a name and a value');
        this.append(kv[0]!, kv[1]!);
      }
    } else {
      for (const [k, v] of Object.entries(init)) this.append(k, v);
    }
  }

  append(name: string, value: string): void {
    const n = headerName(name);
    const v = headerValue(value);
    const had = this.#values.get(n);
    if (had) had.push(v);
    else this.#values.set(n, [v]);
  }

  set(name: string, value: string): void {
    this.#values.set(headerName(name), [headerValue(value)]);
  }

  delete(name: string): void {
    this.#values.delete(headerName(name));
  }

  get(name: string): string | null {
    return this.#values.get(headerName(name))?.join(', ') ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(headerName(name));
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  /** Sorted by name, values combined, each set-cookie on its own: the standard's sort-and-combine. */
  *entries(): HeadersIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name)!;
      if (name === 'set-cookie') for (const v of values) yield [name, v];
      else yield [name, values.join(', ')];
    }
  }

  *keys(): HeadersIterator<string> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): HeadersIterator<string> {
    for (const [, v] of this.entries()) yield v;
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}

/**
 * Makes `Headers` this class for the rest of the process, unless something already used Node's
 * own (then both kinds would meet, so it stays as it is).
 */
export function useInProcessHeaders(): void {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'Headers');
  if (own && !own.get) return;
  Object.defineProperty(globalThis, 'Headers', {
    value: InProcessHeaders,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}
