// The floors of the house (docs/decisions/floors.md), as a lint rule: a file may import only its
// own room, a room on a lower floor of the service, or what its room lists under `uses`. Every
// import is resolved to a file first, so `#service/…`, `../../` and dynamic imports count alike.
// `npm run lint` fails on any crossing; test/floors/floors-rule.test.ts shows it does.
import { dirname, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** package.json "imports" prefixes → folders (each `#room/…` is a path below its folder). */
const HASH = {
  '#service/': 'electron/service/',
  '#server/': 'electron/server/',
  '#shell/': 'electron/shell/',
  '#worker/': 'electron/worker/',
  '#cli/': 'electron/cli/',
  '#tools/': 'electron/tools/',
  '#shared/': 'shared/',
};

const MIGRATE = 'electron/service/sqlite/migrate.ts';

/**
 * Rooms, longest path first wins. `floor` orders the service's rooms: a room uses every room of
 * the service on a lower floor. `uses` adds rooms (by name) or single files (by path) beside that.
 */
export const ROOMS = [
  { name: 'shared', path: 'shared/', uses: [] },
  // The service, bottom up. Base: utilities that know no storage.
  { name: 'paths', path: 'electron/service/paths.ts', floor: 1, uses: ['shared'] },
  { name: 'logging', path: 'electron/service/logging/', floor: 1, uses: ['shared'] },
  { name: 'text', path: 'electron/service/text/', floor: 1, uses: ['shared'] },
  { name: 'net', path: 'electron/service/net/', floor: 1, uses: ['shared'] },
  { name: 'sanitize', path: 'electron/service/sanitize/', floor: 1, uses: ['shared'] },
  { name: 'rpc', path: 'electron/service/rpc/', floor: 1, uses: ['shared'] },
  // Storage.
  { name: 'sqlite', path: 'electron/service/sqlite/', floor: 2, uses: ['shared'] },
  // The shipped board directory: a data file and its search, no storage.
  { name: 'directory', path: 'electron/service/directory/', floor: 2, uses: ['shared'] },
  // Frozen history: a migration holds its own SQL and reads nothing that can change.
  { name: 'index-migrations', path: 'electron/service/index-db/migrations/', uses: [MIGRATE] },
  { name: 'user-migrations', path: 'electron/service/user-db/migrations/', uses: [MIGRATE] },
  // Live storage reaches its migrations only through their list.
  {
    name: 'index-db',
    path: 'electron/service/index-db/',
    floor: 3,
    uses: ['shared', 'electron/service/index-db/migrations/index.ts'],
  },
  {
    name: 'user-db',
    path: 'electron/service/user-db/',
    floor: 3,
    uses: ['shared', 'electron/service/user-db/migrations/index.ts'],
  },
  // Engines.
  // Snapshots: written from an index, read by sync's bootstrap (and served by the server).
  { name: 'snapshot', path: 'electron/service/snapshot/', floor: 4, uses: ['shared'] },
  { name: 'sync', path: 'electron/service/sync/', floor: 4, uses: ['shared', 'snapshot'] },
  // The crawler commits through sync's pool and re-checks saved jobs through sync's port.
  { name: 'crawl', path: 'electron/service/crawl/', floor: 4, uses: ['shared', 'sync'] },
  { name: 'exports', path: 'electron/service/exports/', floor: 4, uses: ['shared'] },
  { name: 'outbox', path: 'electron/service/outbox/', floor: 4, uses: ['shared'] },
  // Services, then the composition root that wires them.
  { name: 'index-services', path: 'electron/service/index-services/', floor: 5, uses: ['shared'] },
  { name: 'user-services', path: 'electron/service/user-services/', floor: 5, uses: ['shared', 'index-services'] },
  // Its index half stands alone for the read commands, which open no user file (cli-cold-start.md).
  { name: 'open-index-service', path: 'electron/service/open-index-service.ts', floor: 6, uses: ['shared'] },
  {
    name: 'open-service',
    path: 'electron/service/open-service.ts',
    floor: 6,
    uses: ['shared', 'electron/service/open-index-service.ts'],
  },
  // Where code runs: each of these is an entry of its own and uses the service from above.
  { name: 'worker', path: 'electron/worker/', uses: ['service', 'shared'] },
  {
    name: 'shell',
    path: 'electron/shell/',
    uses: ['shared', 'service', 'electron/worker/service-protocol.ts'],
    electron: true,
  },
  { name: 'server', path: 'electron/server/', uses: ['service', 'shared'] },
  { name: 'tools', path: 'electron/tools/', uses: ['service', 'shared'] },
  { name: 'cli', path: 'electron/cli/', uses: ['server', 'tools', 'service', 'shared'] },
  { name: 'renderer', path: 'renderer/', uses: ['shared'] },
].sort((a, b) => b.path.length - a.path.length);

const byName = new Map(ROOMS.map((r) => [r.name, r]));

/** The room a repo-relative path lies in, or undefined. */
export function roomOf(path) {
  return ROOMS.find((r) => (r.path.endsWith('/') ? path.startsWith(r.path) : path === r.path));
}

/** The repo-relative file an import names (`.js` → `.ts`), or undefined for a package. */
export function resolveSpecifier(spec, fromFile) {
  let path;
  if (spec.startsWith('.')) path = posix.join(posix.dirname(fromFile), spec);
  else {
    const prefix = Object.keys(HASH).find((p) => spec.startsWith(p));
    if (!prefix) return undefined;
    path = HASH[prefix] + spec.slice(prefix.length);
  }
  if (/\.(c|m)?js$/.test(path)) return path.replace(/\.(c|m)?js$/, (e) => e.replace('js', 'ts'));
  if (/\.(ts|tsx|cts|json|css|svg|png)$/.test(path)) return path;
  return `${path}.ts`;
}

/** Why `from` may not import `to` (repo-relative paths), or undefined when it may. */
export function crossing(from, to) {
  const a = roomOf(from);
  if (!a) return undefined;
  const b = roomOf(to);
  if (!b) return `${to} lies in no room`;
  if (a === b) return undefined;
  if (a.uses.includes(to) || a.uses.includes(b.name)) return undefined;
  const inService = (r) => r.floor !== undefined;
  if (a.uses.includes('service') && inService(b)) return undefined;
  if (inService(a) && inService(b) && b.floor < a.floor) return undefined;
  return `${a.name} (${a.path}) may not import ${b.name} (${to})`;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'An import may not cross a floor of the house the wrong way (docs/decisions/floors.md).' },
    schema: [],
    messages: {
      crossing: 'Floors: {{why}}.',
      electron: 'Floors: only the Electron main thread (electron/shell/) imports `electron`.',
    },
  },
  create(context) {
    const file = relative(ROOT, context.filename).split(sep).join('/');
    const room = roomOf(file);
    if (!room) return {};
    const check = (node) => {
      const spec = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
      if (spec === undefined) return;
      if (spec === 'electron' || spec.startsWith('electron/')) {
        if (!room.electron) context.report({ node, messageId: 'electron' });
        return;
      }
      const target = resolveSpecifier(spec, file);
      if (!target) return;
      const why = crossing(file, target);
      if (why) context.report({ node, messageId: 'crossing', data: { why } });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
      TSExternalModuleReference: (n) => check(n.expression),
    };
  },
};

export default { rules: { floors: rule } };
export { byName };
