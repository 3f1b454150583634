import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import cliProgress from 'cli-progress';
import { boardKey, parseBoardRef, PLATFORMS, type BoardRef, type Platform } from '#shared/rules/board-ref';
import { crawlBoards } from '#service/crawl/crawl-boards';
import type { BoardSummary, CrawlProgress } from '#service/crawl/crawl-types';
import { bundledIndexPath } from '#service/paths';
import { startIndexRun } from './index-run.js';
import { DEFAULT_MAX_ANSWER_MB, MB } from '#service/net/capped-body';
import { selectBoards } from '#service/directory/select-boards';
import { EXIT } from './exit-codes.js';
import { openDirectory } from './boards-command.js';
import { integer, megabytes } from './parse.js';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `PLATFORM=URL`: the URL replaces the platform's scheme and host. */
function apiBase(value: string, previous: Partial<Record<Platform, string>>): Partial<Record<Platform, string>> {
  const m = /^([a-z]+)=(.+)$/.exec(value.trim());
  if (!m || !(PLATFORMS as readonly string[]).includes(m[1]!)) {
    throw new InvalidArgumentError(
      `expected PLATFORM=URL with PLATFORM one of ${PLATFORMS.join(', ')}, got "${value}"`,
    );
  }
  let url: URL;
  try {
    url = new URL(m[2]!);
  } catch {
    throw new InvalidArgumentError(`not a URL in "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError(`not an http(s) URL in "${value}"`);
  return { ...previous, [m[1]!]: m[2]!.replace(/\/+$/, '') };
}

/** Boards from --board and --boards-file (one per line; blank lines and # comments ignored). */
export function boardsOf(boards: string[], files: string[]): BoardRef[] {
  const out: BoardRef[] = boards.map((b) => parseBoardRef(b, '--board'));
  for (const f of files) {
    const lines = readFileSync(f, 'utf8').split(/\r?\n/);
    lines.forEach((line, i) => {
      const t = line.replace(/#.*$/, '').trim();
      if (t) out.push(parseBoardRef(t, `--boards-file ${f}:${i + 1}`));
    });
  }
  return out;
}

function progressBar(): { onProgress: (p: CrawlProgress) => void; stop: () => void } | undefined {
  if (!process.stderr.isTTY) return undefined;
  const bar = new cliProgress.SingleBar(
    {
      format: 'Boards [{bar}] {value}/{total} · {postings} postings',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress(p) {
      if (!started) {
        started = true;
        bar.start(p.boardsTotal, p.boardsDone, { postings: p.postings });
      } else bar.update(p.boardsDone, { postings: p.postings.toLocaleString('en') });
    },
    stop: () => bar.stop(),
  };
}

function line(s: BoardSummary): string {
  const skipped = Object.entries(s.skipped).map(([why, n]) => `${n} ${why.replace(/_/g, ' ')}`);
  const counts = `${s.postings} postings · added ${s.added} · updated ${s.updated} · unchanged ${s.unchanged} · expired ${s.expired}`;
  return [
    `${s.state.toUpperCase().padEnd(7)} ${boardKey(s.board)}: ${counts}${skipped.length ? ` · skipped ${skipped.join(', ')}` : ''}${s.cut ? ` · ${s.cut} description${s.cut === 1 ? '' : 's'} cut to the limit` : ''}`,
    ...(s.error ? [`        ${s.error}`] : []),
  ].join('\n');
}

interface CrawlOptions {
  db?: string;
  board: string[];
  boardsFile: string[];
  apiBase: Partial<Record<Platform, string>>;
  concurrencyPerHost: number;
  maxAnswerMb: number;
  directory?: boolean;
  platform?: string;
  match?: string;
  limit?: number;
  directoryFile?: string;
  json?: boolean;
}

/** `--directory [--platform P] [--match TEXT] [--limit N]`: the boards of the directory to crawl. */
function directoryBoards(o: CrawlOptions): BoardRef[] {
  if (!o.directory) {
    const stray = (['platform', 'match', 'limit', 'directoryFile'] as const).find((k) => o[k] !== undefined);
    if (stray)
      throw new Error(`--${stray.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} works with --directory only`);
    return [];
  }
  if (o.limit !== undefined && o.limit < 1) throw new Error('--limit must be at least 1');
  const platform = o.platform?.toLowerCase();
  const { boards, notCrawled } = selectBoards(openDirectory(o.directoryFile), {
    ...(platform ? { platform } : {}),
    ...(o.match ? { match: o.match } : {}),
    ...(o.limit !== undefined ? { limit: o.limit } : {}),
  });
  if (!o.json) {
    const left = Object.entries(notCrawled).map(([p, n]) => `${n} on ${p}`);
    process.stderr.write(
      `Directory: ${boards.length.toLocaleString('en')} boards to crawl${left.length ? ` (left out, not crawled yet: ${left.join(', ')})` : ''}\n`,
    );
  }
  return boards;
}

export const crawlCommand = new Command('crawl')
  .description(
    "crawl employers' public job boards (Greenhouse, Lever, Ashby, SmartRecruiters, Workable, Recruitee) into an index (resumable; run again after an interruption)",
  )
  .option('--db <file>', 'index file to crawl into (default: the bundled index)')
  .option(
    '--board <board>',
    'a board: greenhouse:TOKEN, lever:SITE, ashby:ORG, smartrecruiters:ID, workable:ACCOUNT, recruitee:COMPANY (-eu for EU hosts) or its careers URL; repeatable',
    collect,
    [],
  )
  .option('--boards-file <file>', 'a file with one board per line; repeatable', collect, [])
  .option(
    '--api-base <platform=url>',
    "point a platform at another host (tests, proxies); the platform's paths follow (recruitee: URL/COMPANY/api/offers/)",
    apiBase,
    {},
  )
  .option('--concurrency-per-host <n>', 'requests in flight per host', integer, 4)
  .option(
    '--max-answer-mb <n>',
    'largest answer one request may bring, decompressed; a board over it fails alone',
    megabytes,
    DEFAULT_MAX_ANSWER_MB,
  )
  .option(
    '--directory',
    'crawl boards of the shipped board directory (see `jobindex boards search`), narrowed by --platform, --match and --limit',
  )
  .option('--platform <platform>', 'with --directory: only boards on this platform')
  .option('--match <text>', 'with --directory: only boards whose company name matches')
  .option('--limit <n>', 'with --directory: at most this many boards', integer)
  .option('--directory-file <file>', 'with --directory: a board directory other than the shipped one')
  .option('--json', 'print the summary as JSON')
  .action(async (o: CrawlOptions) => {
    const boards = [...boardsOf(o.board, o.boardsFile), ...directoryBoards(o)];
    if (boards.length === 0) {
      throw new Error(
        o.directory
          ? 'no board of the directory matches (try `jobindex boards search NAME`)'
          : 'give at least one --board, --boards-file or --directory',
      );
    }
    const bar = o.json ? undefined : progressBar();
    const file = o.db ?? bundledIndexPath;
    const run = startIndexRun(file, 'crawl');
    try {
      const r = await crawlBoards({
        indexFile: file,
        boards,
        apiBase: o.apiBase,
        signal: run.signal,
        concurrencyPerHost: o.concurrencyPerHost,
        retry: { maxBodyBytes: Math.floor(o.maxAnswerMb * MB) },
        ...(bar ? { onProgress: bar.onProgress } : {}),
      });
      bar?.stop();
      if (o.json) process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
      else process.stdout.write(`${r.boards.map(line).join('\n')}\n`);
      // Every board failed: 1; some: 5 (README "Exit codes"; their errors are in the summary).
      const failed = r.boards.filter((b) => b.state === 'error').length;
      if (failed > 0) process.exitCode = failed === r.boards.length ? 1 : EXIT.someBoardsFailed;
    } catch (e) {
      bar?.stop();
      throw run.failure(e);
    } finally {
      run.end();
    }
  });
