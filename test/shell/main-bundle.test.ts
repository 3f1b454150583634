import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { root } from '../helpers/built-dist.js';
import { describeMainProcess } from './main-process-suite.js';

// The main process as the app ships it: package.json's "main", dist/app/start.js, which turns on
// the compile cache and imports the bundle rolldown made of tsc's output (scripts/bundle-main.ts).
// The whole main-process suite runs against it: a bundle that loses a module, a path or a side
// effect fails here, since no Electron can start it on this machine.

const fake = await vi.hoisted(() => import('../helpers/fake-electron.js'));
vi.mock('electron', () => fake);
// Node 20 (the tests' runtime) has no compile cache API; Electron's Node 24 has.
const compileCache = vi.hoisted(() => ({ dirs: [] as string[], callsBefore: -1 }));
vi.mock('node:module', async (actual) => ({
  ...(await actual<typeof import('node:module')>()),
  enableCompileCache(dir: string) {
    compileCache.dirs.push(dir);
    compileCache.callsBefore = fake.calls.length;
    return { status: 1 };
  },
}));

const { main } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };

/** Every file a launch loads before main's first line runs: the entry's static and dynamic imports, then static ones. */
function loadedAtLaunch(): { files: string[]; builtins: string[] } {
  const files = new Set<string>();
  const builtins = new Set<string>();
  const visit = (file: string, dynamicToo: boolean) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(join(root, file), 'utf8');
    const statics = [...code.matchAll(/^import (?:[^;]*? from )?"([^"]+)"/gm)].map((m) => m[1]!);
    const dynamics = dynamicToo ? [...code.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!) : [];
    for (const spec of [...statics, ...dynamics]) {
      if (spec.startsWith('./')) visit(join(dirname(file), spec), false);
      else if (spec.startsWith('node:')) builtins.add(spec);
    }
  };
  visit(main, true);
  return { files: [...files], builtins: [...builtins] };
}

describe('the shipped entry', () => {
  it('is the bundle’s start file', () => {
    expect(main).toBe('dist/app/start.js');
  });

  it('turns on the compile cache in the user-data folder before the main process is loaded', () => {
    expect(compileCache.dirs[0]).toBe(join(fake.state.userData, 'compile-cache'));
    // Nothing of main's had run yet: its first act is registering the app: scheme.
    expect(compileCache.callsBefore).toBe(0);
  });
});

describe('what a launch loads', () => {
  // Each is loaded on first use instead: the description sanitizer (a job's detail, saving it),
  // the sync engine and its HTTP client (the first background run, 30 s in), the log file's
  // roller and its date library (opened beside the launch).
  it('leaves out the sanitizer, the sync engine and the log file', () => {
    const { files, builtins } = loadedAtLaunch();
    expect(files.length).toBeGreaterThan(1);
    expect(files.filter((f) => /sanitize|sync|app-log/.test(f))).toEqual([]);
    expect(builtins.filter((b) => /^node:https?$/.test(b))).toEqual([]);
  });
});

describeMainProcess(() => import(pathToFileURL(join(root, main)).href));
