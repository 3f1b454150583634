import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt, root } from '../helpers/built-dist.js';

// Issue 30, a fast CLI: a read command loads what it answers with, not the user file's services,
// the crawler, exports, the outbox or the board directory (docs/decisions/cli-cold-start.md).
// Pinned by the set of source modules a real `node bin/jobindex.js …` loads, not by its time.

const run = promisify(execFile);
const trace = join(root, 'bench/cli-cold/module-trace.mjs');

let tmp: string;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'jobindex-modules-'));
  await ensureBuilt();
}, 240_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The source files (repo-relative, `.ts`) and packages a run of the CLI loaded. */
async function modulesOf(args: string[]): Promise<{ stdout: string; modules: string[] }> {
  const out = join(tmp, `${args[0]}-${Math.random().toString(36).slice(2)}.txt`);
  const r = await run(process.execPath, ['--import', trace, 'bin/jobindex.js', ...args], {
    cwd: root,
    env: { ...process.env, JOBINDEX_MODULE_TRACE: out },
    maxBuffer: 32 << 20,
  });
  const loaded = readFileSync(out, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.replace(/^(esm|cjs) /, ''))
    .map((u) => (u.startsWith('file:') ? fileURLToPath(u) : u));
  return { stdout: r.stdout, modules: loaded.flatMap(sourcesOf) };
}

/** A loaded file as what it holds: a chunk of the CLI's bundle names its modules in a manifest. */
function sourcesOf(file: string): string[] {
  const rel = relative(root, file).replace(/\\/g, '/');
  const manifest = join(root, 'dist/cli/modules.json');
  if (rel.startsWith('dist/cli/') && existsSync(manifest)) {
    const chunks = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string[]>;
    const held = chunks[rel.slice('dist/cli/'.length)];
    if (held) return held.map(nameOf);
  }
  return [nameOf(rel)];
}

/** `package NAME` for a package's file, else the source a compiled file came from. */
function nameOf(rel: string): string {
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(rel);
  if (pkg) return `package ${pkg[1]!}`;
  return rel.replace(/^dist\//, '').replace(/\.js$/, '.ts');
}

const NEVER_FOR_A_READ = [
  /^electron\/service\/(crawl|exports|outbox|user-db|user-services|directory|snapshot)\//,
  /^electron\/service\/sync\/sync-index\.ts$/,
  /^electron\/(server|tools)\//,
  /^package (htmlparser2|domutils|dom-serializer|cli-progress|zstd-napi)$/,
];
const unwanted = (modules: string[], allowed: RegExp[] = []) =>
  modules.filter((m) => NEVER_FOR_A_READ.some((r) => r.test(m)) && !allowed.some((r) => r.test(m)));

describe('a read command loads only what it reads with', { timeout: 60_000 }, () => {
  it('jobindex search loads no crawl, export, outbox, user-file, directory or sanitiser code', async () => {
    const { stdout, modules } = await modulesOf(['search', 'engineer', '--db', inject('fixtureIndex')]);
    expect(stdout).toMatch(/Title/);
    // The trace saw the search's own code, so an empty list below means something.
    expect(modules).toContain('electron/service/index-db/search/job-search.ts');
    expect(unwanted(modules)).toEqual([]);
    expect(modules).not.toContain('package sanitize-html');
  });

  it('jobindex search draws its table without cli-table3 and its calls load no fetch (undici)', async () => {
    const { stdout, modules } = await modulesOf(['search', 'engineer', '--db', inject('fixtureIndex')]);
    expect(stdout).toMatch(/┌─/);
    expect(modules).toContain('package @connectrpc/connect');
    expect(modules).not.toContain('package cli-table3');
    // Node's own modules are not files: the process lists those it loaded.
    const listUndici = `data:text/javascript,process.on('exit', () => process.stderr.write('undici ' +
      process.moduleLoadList.some((m) => m.includes('undici')) + '\\n'))`;
    const r = await run(
      process.execPath,
      ['--import', listUndici, 'bin/jobindex.js', 'search', 'engineer', '--db', inject('fixtureIndex')],
      { cwd: root, maxBuffer: 32 << 20 },
    );
    expect(r.stdout).toMatch(/Title/);
    expect(r.stderr).toMatch(/^undici false$/m);
  });

  it('jobindex info and companies load none of it either', async () => {
    for (const args of [['info'], ['companies', 'a']]) {
      const { modules } = await modulesOf([...args, '--db', inject('fixtureIndex')]);
      expect(modules).toContain('electron/service/index-services/index-context.ts');
      expect(unwanted(modules), args[0]).toEqual([]);
      expect(modules, args[0]).not.toContain('package sanitize-html');
    }
  });

  it('jobindex get loads the description codec, sanitiser and text, and nothing of the user file or crawler', async () => {
    const db = inject('fixtureIndex');
    const id = (
      JSON.parse(
        (await run(process.execPath, ['bin/jobindex.js', 'search', '--json', '--db', db], { cwd: root })).stdout,
      ) as {
        data: { id: string }[];
      }
    ).data[0]!.id;
    const { stdout, modules } = await modulesOf(['get', id, '--db', db]);
    expect(stdout).toMatch(/Found .* via /);
    // A job's description is stored as a zstd frame (docs/decisions/index-size.md), unpacked,
    // sanitised (sanitize-html parses with htmlparser2, domutils and dom-serializer) and turned to
    // text: those are the codec and HTML code a read may load, and only here.
    expect(modules).toContain('package sanitize-html');
    expect(modules).toContain('package zstd-napi');
    expect(unwanted(modules, [/^package (htmlparser2|domutils|dom-serializer|zstd-napi)$/])).toEqual([]);
  });
});
