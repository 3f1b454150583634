// The import graph of the app's own sources, built with the TypeScript compiler (its own module
// resolution, so `#service/…` specifiers resolve as tsc resolves them). Read by the cycle check
// (test/floors/import-cycles.test.ts; docs/decisions/floors.md).
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** Files under `dirs` (relative to `root`), as paths relative to `root` with `/` separators. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'gen') walk(path);
      } else if (/\.(ts|tsx|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  return out.sort();
}

/**
 * file → the app files it imports, type-only imports included (a type cycle is still a cycle
 * between two files that cannot be read apart). Packages and node: modules are left out.
 */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    // Bundler: resolves the `.js` of tsc's sources and the renderer's extensionless specifiers alike.
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['source'],
    allowJs: false,
  };
  const host = ts.createCompilerHost(options);
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const abs = join(root, file);
    const text = ts.sys.readFile(abs) ?? '';
    const info = ts.preProcessFile(text, true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      const spec = ref.fileName;
      if (!spec.startsWith('.') && !spec.startsWith('#')) continue;
      const mode = file.endsWith('.cts') ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext;
      const resolved = ts.resolveModuleName(spec, abs, options, host, cache, undefined, mode).resolvedModule;
      if (!resolved) continue;
      const target = relative(root, resolved.resolvedFileName).split(sep).join('/');
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Every cycle's files, one list per strongly connected component larger than a file (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return cycles;
}
