import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../helpers/built-dist.js';

const bin = join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
const run = promisify(execFile);

/** Runs the project's buf (the devDependency) from the package root. */
async function buf(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(join(bin, 'buf'), args, { cwd: root, env, maxBuffer: 16 << 20 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number | string; stdout?: string; stderr?: string };
    return {
      code: typeof err.code === 'number' ? err.code : -1,
      stdout: err.stdout ?? '',
      stderr: err.stderr ?? String(e),
    };
  }
}

/** Every file under `dir`, as sorted paths relative to it. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split('\\').join('/'))
    .sort();
}

describe('protobuf definitions', () => {
  it('pass buf lint', async () => {
    const r = await buf(['lint']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('shared/gen', () => {
  let tmp: string;
  let out: string;

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'jobindex-buf-'));
    out = join(tmp, 'gen');
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('is exactly what buf generate writes from proto/ (regenerate with `npm run generate`)', async () => {
    // The committed template, with only its output moved to a scratch directory: same inputs,
    // same plugin, same options.
    const template = readFileSync(join(root, 'buf.gen.yaml'), 'utf8');
    const outLines = template.match(/^\s*out:\s*shared\/gen\s*$/gm) ?? [];
    expect(outLines, 'buf.gen.yaml writes to shared/gen with one plugin').toHaveLength(1);
    expect(template).toMatch(/^\s*-\s*local:\s*protoc-gen-es\s*$/m);
    const scratchTemplate = join(tmp, 'buf.gen.yaml');
    writeFileSync(scratchTemplate, template.replace(/^(\s*out:\s*)shared\/gen\s*$/m, `$1${JSON.stringify(out)}`));

    const r = await buf(['generate', '--template', scratchTemplate]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);

    const committed = join(root, 'shared', 'gen');
    const generated = listFiles(out);
    expect(generated.length).toBeGreaterThan(0);
    // One generated file per .proto file.
    const protos = listFiles(join(root, 'proto')).filter((f) => f.endsWith('.proto'));
    expect(generated).toEqual(protos.map((f) => f.replace(/\.proto$/, '_pb.ts')).sort());
    expect(listFiles(committed)).toEqual(generated);
    for (const f of generated) {
      const want = readFileSync(join(out, f), 'utf8');
      const have = readFileSync(join(committed, f), 'utf8');
      expect(have, `shared/gen/${f} is stale: run \`npm run generate\``).toBe(want);
    }
    // buf runs protoc-gen-es once per proto package, a Node start each: on a busy 2-core machine that
    // alone passes the suite's 30 s.
  }, 120_000);
});
