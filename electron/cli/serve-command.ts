import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { openAccounts } from '#server/accounts/open-accounts';
import { createAccountRoutes } from '#server/accounts/routes';
import { openService } from '#service/open-service';
import { bundledIndexPath } from '#service/paths';
import { createHttpServer, logServerError, logUnexpected } from '#server/http-server';
import { LoadShedder } from '#server/load-shed';
import { ReadPool } from '#server/read-pool';
import { jsonLogger, LOG_LEVELS, type LogLevel } from '#service/logging/logger';
import { staticFiles } from '#server/static-files';
import { snapshotFiles } from '#server/snapshot-files';
import { requestGuard } from '#server/request-guard';
import { isIndexPath } from '#service/index-services/routes';
import { ResponseCache } from '#server/response-cache';
import { dataVersion } from '#service/sqlite/data-version';
import { defaultUserFile } from '#service/user-db/default-user-file';
import { cacheVersion } from '#service/user-services/user-data-services';
import { apiBaseOption, type ApiBases } from './api-base-option.js';
import { integer } from './parse.js';

function port(value: string): number {
  const n = integer(value);
  if (n < 0 || n > 65535) throw new InvalidArgumentError(`expected a port from 0 to 65535, got "${value}"`);
  return n;
}

function positive(value: string): number {
  const n = integer(value);
  if (n < 1) throw new InvalidArgumentError(`expected a whole number of at least 1, got "${value}"`);
  return n;
}

export const serveCommand = new Command('serve')
  .description('serve the index over HTTP (Connect JSON and binary), as the spec describes')
  .option('--db <file>', 'index file (default: the bundled index)')
  .option('--port <n>', 'port to listen on; 0 picks a free one', port, 8080)
  .option('--host <address>', 'address to listen on', '127.0.0.1')
  .option('--maintenance', 'answer every request 503 service_unavailable')
  .option(
    '--shed',
    'answer an RPC 503 with Retry-After when it would wait longer than --max-wait-ms for its turn (the default: docs/decisions/load-shedding.md)',
  )
  .option('--no-shed', 'queue every RPC however long the wait')
  .option('--max-wait-ms <n>', 'the longest an RPC waits for its turn before it is answered 503', integer, 1000)
  .option(
    '--workers <n>',
    'threads answering the index reads, each with its own connection (default: the number of cores; 1: all on the one thread)',
    positive,
    availableParallelism(),
  )
  .option(
    '--no-cache',
    'compute every answer (default: keep answers of repeated read requests until the index changes)',
  )
  .option(
    '--cache-ttl-ms <n>',
    'how long a kept answer is fresh; past it, it is answered stale while one request refreshes it (serve-cache.md)',
    positive,
    60_000,
  )
  .option(
    '--snapshots <dir>',
    'also offer the newest snapshot `jobindex snapshot --out DIR` wrote there, at /snapshot/manifest.json (GET/HEAD, byte ranges)',
  )
  .option('--ui <dir>', 'also serve the built UI from this folder (GET/HEAD; index.html at /)')
  .option('--accounts <file>', 'accounts file for the /v1/ endpoints (created if missing); without it /v1/ is 404')
  .option(
    '--user-data [file]',
    "a user file (created if missing; without a value, the desktop app's): serve saved jobs, searches, hiding and reports, and leave its hidden jobs out of search",
  )
  .option(
    '--allow-host <name>',
    'with --user-data: also answer requests whose Host is this name (repeatable; the bound address and localhost always are)',
    (v: string, all: string[]) => [...all, v],
    [] as string[],
  )
  .addOption(
    new Option('--log-level <level>', 'the least severe log line written to stderr (JSON lines; info: one per request)')
      .choices(LOG_LEVELS)
      .default('info'),
  )
  .option(
    '--crawl-api-base <platform=url>',
    'with --user-data and --db: crawl this platform from another host (repeatable; as `jobindex crawl --api-base`)',
    apiBaseOption,
  )
  .action(
    async (o: {
      db?: string;
      port: number;
      host: string;
      maintenance?: boolean;
      shed?: boolean;
      maxWaitMs: number;
      workers: number;
      cache: boolean;
      cacheTtlMs: number;
      accounts?: string;
      ui?: string;
      snapshots?: string;
      userData?: string | true;
      allowHost: string[];
      logLevel: LogLevel;
      crawlApiBase?: ApiBases;
    }) => {
      const file = o.db ?? bundledIndexPath;
      if (!existsSync(file))
        throw new Error(
          o.db ? `no index at ${file}` : `the bundled index is missing (${file}); run \`npm run build:index\``,
        );
      if (o.snapshots && !existsSync(o.snapshots)) throw new Error(`--snapshots: no folder at ${o.snapshots}`);
      // The desktop app's file may not exist yet (no first launch here): make its folder.
      const userFile = o.userData === true ? defaultUserFile() : o.userData;
      if (o.userData === true) mkdirSync(dirname(defaultUserFile()), { recursive: true });
      const log = jsonLogger('jobindex serve', { level: o.logLevel });
      // Followed boards crawl into the index named by --db, never into the bundled sample file.
      const sources = o.db
        ? {
            indexFile: file,
            log: (line: string) => log.warn(line),
            ...(o.crawlApiBase ? { apiBase: o.crawlApiBase } : {}),
          }
        : undefined;
      // The Settings screen shows these files; this process does not sync on a schedule (the app does).
      const place = userFile
        ? { indexFile: resolve(file), userFile: resolve(userFile), backgroundSync: false }
        : undefined;
      // With --user-data, search leaves out what the person hid or blocked (read at every page).
      const service = openService({
        indexFile: file,
        readonly: true,
        ...(userFile && place ? { user: { file: userFile, place, ...(sources ? { sources } : {}) } } : {}),
      });
      const { indexDb: db, user } = service;
      const accounts = o.accounts ? openAccounts(o.accounts) : undefined;
      // More than one: the index reads run on worker threads, writes stay here (serve-workers.md).
      const pool =
        o.workers > 1
          ? new ReadPool({
              size: o.workers,
              indexFile: file,
              exclusions: user?.ctx.exclusions,
              onUnexpected: (requestId, e) => logServerError(log, requestId, { in: 'a read worker' }, e),
              onExit: (code) => log.warn({ code }, 'a read worker stopped; starting another'),
            })
          : undefined;
      const http = createHttpServer({
        log,
        handlers: service.handlers([], logUnexpected(log)),
        ...(accounts
          ? {
              rest: createAccountRoutes(accounts, {
                onError: (e, req) => logServerError(log, req.requestId, { method: req.method, path: req.path }, e),
              }),
            }
          : {}),
        maintenance: o.maintenance ?? false,
        ...(o.shed !== false ? { shed: new LoadShedder({ maxWaitMs: o.maxWaitMs }) } : {}),
        // The user's own data is served: refuse rebound names and foreign origins (browser-mode-security.md).
        ...(user ? { guard: requestGuard(o.allowHost) } : {}),
        ...(o.ui ? { ui: staticFiles(o.ui) } : {}),
        ...(o.snapshots ? { snapshots: snapshotFiles(o.snapshots) } : {}),
        ...(o.cache
          ? {
              cache: {
                answers: new ResponseCache({ ttlMs: o.cacheTtlMs, version: cacheVersion(dataVersion(db), user) }),
                cacheable: isIndexPath,
              },
            }
          : {}),
        ...(pool ? { pool: { workers: pool, handles: isIndexPath } } : {}),
        onClosed: () => {
          void pool?.close();
          service.close();
          accounts?.close();
        },
      });
      await pool?.ready();
      const url = await http.listen(o.port, o.host);
      process.stdout.write(`Listening on ${url}\n`);
      if (o.ui) process.stdout.write(`Open ${url}/ in a browser\n`);
      // Finish what is in flight, close the index, exit 0: a normal stop, not a crash.
      const stop = () => {
        process.stdout.write('Shutting down…\n');
        http.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
  );
