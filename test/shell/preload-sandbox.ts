import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { root } from '../helpers/built-dist.js';

export interface FakeElectron {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  ipcRenderer: { invoke(channel: string, message: unknown): Promise<unknown> };
}

/**
 * Runs the preload as Electron runs a sandboxed one: CommonJS, in its own context, with a
 * `require` that knows only `electron` (any other require throws, as in the sandbox). The source
 * is compiled with the project's own options for a .cts file.
 */
export function runPreload(electron: FakeElectron): void {
  const file = join(root, 'electron/preload/preload.cts');
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  const module = { exports: {} };
  const sandboxRequire = (name: string) => {
    if (name === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require ${JSON.stringify(name)}`);
  };
  runInNewContext(outputText, { require: sandboxRequire, module, exports: module.exports });
}
