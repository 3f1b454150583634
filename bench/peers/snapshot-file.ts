import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

// MiniSearch's toJSON() and Orama's save() give plain objects meant for JSON.stringify. At 1M
// jobs that text passes V8's ~512 MiB string limit (Orama's index alone is gigabytes, nested
// several levels deep), and node:v8's serializer reads back 10× slower than JSON.parse (11 s vs
// 1.1 s for MiniSearch at 100k). So a snapshot is written as JSON lines of at most ~2 × 64 MiB:
// a value small enough is one line; a larger object or array is cut into lines of its entries,
// and an entry that is itself too large writes its own lines first. Each line says where it goes:
//   [path, 0, value]          the value at path
//   [path, 1, {key: value…}]  entries of the object at path
//   [path, 2, start, [items]] items of the array at path, from index start
// A path is the keys from the top: numbers are array indexes, strings object keys, so a reader
// knows which kind of container to create on the way down.

const LINE_CHARS = 64 * 2 ** 20;
/** Below this (estimated) size a value is handed to JSON.stringify whole. */
const SMALL_CHARS = 2 ** 20;

type Path = (string | number)[];

/** What JSON.stringify would write for `v` (toJSON applied), or undefined when it omits it. */
function jsonValue(v: unknown, key: string | number): unknown {
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    return (v as { toJSON(k: string): unknown }).toJSON(String(key));
  }
  return typeof v === 'function' || typeof v === 'symbol' ? undefined : v;
}

/** Budget left after `v`'s JSON text (roughly: escapes are not counted); negative when over. */
function budgetAfter(v: unknown, budget: number): number {
  if (v === null || v === undefined) return budget - 4;
  switch (typeof v) {
    case 'string':
      return budget - v.length - 3;
    case 'number':
    case 'bigint':
      return budget - 12;
    case 'boolean':
      return budget - 6;
    case 'object':
      break;
    default:
      return budget;
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length && budget >= 0; i++) budget = budgetAfter(jsonValue(v[i], i), budget - 1);
    return budget - 2;
  }
  for (const k in v) {
    if (budget < 0) break;
    if (Object.hasOwn(v, k))
      budget = budgetAfter(jsonValue((v as Record<string, unknown>)[k], k), budget - k.length - 4);
  }
  return budget - 2;
}

const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object';

/**
 * Writes `[key, value]` parts in order, each value computed only when its turn comes (a part can
 * be built, written and dropped before the next is built: `entries` may be a generator).
 * `lineChars` is the size past which a value is cut (tests make it small).
 */
export async function writeSnapshot(
  file: string,
  entries: Iterable<[string, unknown]>,
  lineChars = LINE_CHARS,
): Promise<void> {
  const small = Math.min(SMALL_CHARS, lineChars);
  const out = createWriteStream(file);
  const line = async (path: Path, kind: number, body: string) => {
    if (!out.write(`[${JSON.stringify(path)},${kind},${body}]\n`)) await once(out, 'drain');
  };

  // The JSON text of `value` if it stays under lineChars; otherwise it is written as lines under
  // `path` and the result is undefined. Entries go to JSON.stringify in batches of up to `small`
  // characters (an index's arrays hold millions of ids: one JavaScript step each would take
  // minutes); only an entry too large for one batch is walked on its own.
  const encode = async (path: Path, value: unknown, knownLarge = false): Promise<string | undefined> => {
    if (!isContainer(value) || (!knownLarge && budgetAfter(value, small) >= 0)) return JSON.stringify(value) ?? 'null';
    const array = Array.isArray(value);
    const keys: (string | number)[] = array ? [] : Object.keys(value);
    const count = array ? value.length : keys.length;
    const keyAt = (i: number) => (array ? i : keys[i]!);
    const entryAt = (i: number) => jsonValue((value as Record<string | number, unknown>)[keyAt(i)], keyAt(i));
    let run: string[] = [];
    let chars = 0;
    let start = 0; // an array run's first index
    let spilled = false;
    const flush = async (next: number) => {
      if (run.length)
        await (array ? line(path, 2, `${start},[${run.join(',')}]`) : line(path, 1, `{${run.join(',')}}`));
      run = [];
      chars = 0;
      start = next;
      spilled = true;
    };
    const add = async (text: string, next: number) => {
      if (!text) return;
      run.push(text);
      chars += text.length + 1;
      if (chars > lineChars) await flush(next);
    };
    for (let i = 0; i < count;) {
      // As many entries as fit in one batch, stringified together and unwrapped.
      let budget = small;
      let j = i;
      for (; j < count; j++) {
        const left = budgetAfter(entryAt(j), budget - 1 - (array ? 0 : String(keyAt(j)).length + 3));
        if (left < 0) break;
        budget = left;
      }
      if (j > i) {
        const batch = array ? value.slice(i, j) : pick(value, keys, i, j);
        await add(JSON.stringify(batch).slice(1, -1), j);
        i = j;
        continue;
      }
      // Entry i alone is over the batch size.
      const text = await encode([...path, keyAt(i)], entryAt(i), true);
      if (text === undefined) {
        // The entry wrote itself; an array's run must stay contiguous, so it ends here.
        if (array) await flush(i + 1);
        spilled = true;
      } else {
        await add(array ? text : `${JSON.stringify(keyAt(i))}:${text}`, i + 1);
      }
      i++;
    }
    if (!spilled) return array ? `[${run.join(',')}]` : `{${run.join(',')}}`;
    await flush(0);
    return undefined;
  };

  for (const [key, raw] of entries) {
    const value = jsonValue(raw, key);
    if (value === undefined) continue;
    const text = await encode([key], value);
    if (text !== undefined) await line([key], 0, text);
  }
  out.end();
  await once(out, 'finish');
}

/** The entries keys[from..to) of `value` as a new object, for one JSON.stringify. */
function pick(value: object, keys: (string | number)[], from: number, to: number): object {
  const out: Record<string, unknown> = {};
  for (let i = from; i < to; i++) put(out, keys[i] as string, (value as Record<string, unknown>)[keys[i] as string]);
  return out;
}

/** Own-property assignment that JSON.parse's own `__proto__` keys cannot turn into a prototype change. */
function put(target: Record<string | number, unknown>, key: string | number, v: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value: v, writable: true, enumerable: true, configurable: true });
  else target[key] = v;
}

/**
 * The container at `parent[key]`, created when missing (own properties only: never a prototype).
 * An entry that wrote itself comes before its earlier siblings: an array is padded with nulls up
 * to it (they are overwritten when those siblings' line is read), so it never has holes.
 */
function child(
  parent: Record<string | number, unknown>,
  key: string | number,
  array: boolean,
): Record<string | number, unknown> {
  if (!Object.hasOwn(parent, key)) {
    padTo(parent, key);
    put(parent, key, array ? [] : {});
  }
  return parent[key] as Record<string | number, unknown>;
}

function padTo(target: Record<string | number, unknown>, index: string | number): void {
  if (Array.isArray(target) && typeof index === 'number') while (target.length < index) target.push(null);
}

/**
 * The parts of a snapshot, in the order written, each yielded once its last line is read (so a
 * loader can use one part and drop it before the next is parsed).
 */
export async function* readSnapshotParts(file: string): AsyncGenerator<[string, unknown]> {
  let key: string | undefined;
  // The part being read, as `holder.value`, so its root is reached like any other step.
  let holder: Record<string | number, unknown> = {};
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!text) continue;
    const [path, kind, a, b] = JSON.parse(text) as [Path, 0 | 1 | 2, unknown, unknown?];
    if (key !== undefined && key !== path[0]) {
      yield [key, holder.value];
      holder = {};
    }
    key = path[0] as string;
    // Down to the parent of the path's last step, creating containers as the next step says.
    let parent = holder;
    let step: string | number = 'value';
    for (const next of path.slice(1)) {
      parent = child(parent, step, typeof next === 'number');
      step = next;
    }
    if (kind === 0) {
      put(parent, step, a);
      continue;
    }
    const target = child(parent, step, kind === 2);
    if (kind === 1) {
      for (const [k, v] of Object.entries(a as object)) put(target, k, v);
    } else {
      const items = b as unknown[];
      const at = a as number;
      padTo(target, at);
      for (let i = 0; i < items.length; i++) target[at + i] = items[i];
    }
  }
  if (key !== undefined) yield [key, holder.value];
}

/** The whole snapshot as one object (for a loader that takes it at once). */
export async function readSnapshot<T>(file: string): Promise<T> {
  const value: Record<string, unknown> = {};
  for await (const [key, v] of readSnapshotParts(file)) put(value, key, v);
  return value as T;
}
