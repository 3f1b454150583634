// npm run bench:json-text — what reading a JSON body with parseJsonText (each key once, whole
// Unicode) costs against a bare TextDecoder + JSON.parse: a typical List body and 64 KiB worst
// cases (deepest object, deepest array, most keys), alternated; medians.
import { BODY_MAX_BYTES } from '#shared/rules/limits';
import { parseJsonText } from '#shared/wire/json-text';

const enc = (s: string) => new TextEncoder().encode(s);
const fit = (open: string, close: string, inner: string) => {
  const n = Math.floor((BODY_MAX_BYTES - inner.length - 8) / (open.length + close.length));
  return enc(`{"x":${open.repeat(n)}${inner}${close.repeat(n)}}`);
};
const keys: string[] = [];
for (let i = 0, len = 2; len < BODY_MAX_BYTES - 16; i++) {
  keys.push(`"k${i}":1`);
  len += keys.at(-1)!.length + 1;
}
const cases: Record<string, Uint8Array> = {
  'typical List body': enc(
    JSON.stringify({ query: { query: 'senior engineer', filters: { country: 'US', sort: 'newest' }, limit: 25 } }),
  ),
  '64 KiB, objects nested': fit('{"a":', '}', '1'),
  '64 KiB, arrays nested': fit('[', ']', ''),
  '64 KiB, one object of many keys': enc(`{${keys.join(',')}}`),
};
const bare = (b: Uint8Array) => JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(b)) as unknown;
const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
for (const [name, body] of Object.entries(cases)) {
  const reps = body.length < 1000 ? 2000 : 20;
  const times = { bare: [] as number[], checked: [] as number[] };
  for (let round = 0; round < 40; round++) {
    for (const [which, fn] of [
      ['bare', bare],
      ['checked', parseJsonText],
    ] as const) {
      const t = process.hrtime.bigint();
      for (let i = 0; i < reps; i++) fn(body);
      if (round >= 10) times[which].push(Number(process.hrtime.bigint() - t) / 1e6 / reps);
    }
  }
  const [b, c] = [median(times.bare), median(times.checked)];
  console.log(
    `${name} (${body.length} bytes): JSON.parse ${b.toFixed(4)} ms, parseJsonText ${c.toFixed(4)} ms (×${(c / b).toFixed(2)})`,
  );
}
