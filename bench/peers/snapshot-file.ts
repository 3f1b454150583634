import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

// MiniSearch's toJSON() and Orama's save() give plain objects meant for JSON.stringify. At 1M
// jobs that text passes V8's ~512 MiB string limit, and node:v8's serializer reads back 10×
// slower than JSON.parse (11 s vs 1.1 s for MiniSearch at 100k). So the object is written as
// JSON lines: one `[key, value]` per top-level key; an array as `[key, items, 1]` lines of at
// most ~64 MiB each (MiniSearch's index entries for common words are megabytes apiece).

const LINE_CHARS = 64 * 2 ** 20;

export async function writeSnapshot(file: string, value: object): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  for (const [key, v] of Object.entries(value)) {
    if (!Array.isArray(v)) {
      await write(`${JSON.stringify([key, v])}\n`);
      continue;
    }
    let items: string[] = [];
    let chars = 0;
    const flush = () => write(`[${JSON.stringify(key)},[${items.join(',')}],1]\n`);
    for (const item of v) {
      const text = JSON.stringify(item);
      if (chars + text.length > LINE_CHARS && items.length) {
        await flush();
        items = [];
        chars = 0;
      }
      items.push(text);
      chars += text.length + 1;
    }
    await flush();
  }
  out.end();
  await once(out, 'finish');
}

export async function readSnapshot<T>(file: string): Promise<T> {
  const value: Record<string, unknown> = {};
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!text) continue;
    const [key, v, chunked] = JSON.parse(text) as [string, unknown, 1?];
    if (chunked) {
      const all = (value[key] ??= []) as unknown[];
      for (const item of v as unknown[]) all.push(item); // a spread would overflow the stack
    } else {
      value[key] = v;
    }
  }
  return value as T;
}
