import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { RPC_CHANNEL } from '#shared/ipc/rpc-message';
import type { IpcSender } from '../../electron/shell/ipc/trusted-sender.js';
import { root } from '../helpers/built-dist.js';

export interface FakeElectron {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  ipcRenderer: {
    invoke(channel: string, message: unknown): Promise<unknown>;
    on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void;
  };
}

/**
 * Runs the preload as Electron runs a sandboxed one: CommonJS, in its own context, with a
 * `require` that knows only `electron` (any other require throws, as in the sandbox). The source
 * is compiled with the project's own options for a .cts file.
 */
export function runPreload(electron: FakeElectron): void {
  const file = join(root, 'electron/shell/preload/preload.cts');
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

/**
 * The preload wired to main's RPC handler as Electron wires it: each message structured-cloned
 * on the way in and out, from whichever page `sender()` names; `seen` gets each message as main
 * receives it. Returns what the preload exposed to the page.
 */
export function preloadOverIpc(
  main: (sender: IpcSender, message: unknown) => Promise<unknown>,
  sender: () => IpcSender,
  seen: (message: unknown) => void = () => {},
  /** Main's `webContents.send` side: the listeners the preload registered, by channel. */
  listeners: Map<string, Array<(event: unknown, ...args: unknown[]) => void>> = new Map(),
): Record<string, unknown> {
  const exposed: Record<string, unknown> = {};
  runPreload({
    contextBridge: { exposeInMainWorld: (key, api) => (exposed[key] = api) },
    ipcRenderer: {
      on: (channel, listener) => void listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
      invoke: async (channel, message) => {
        if (channel !== RPC_CHANNEL) throw new Error(`no handler for ${channel}`);
        const copy = structuredClone(message);
        seen(copy);
        return structuredClone(await main(sender(), copy));
      },
    },
  });
  return exposed;
}
