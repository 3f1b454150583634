// serve and the CLI log to stderr asynchronously (docs/decisions/logging.md): the lines still
// buffered when the process exits — on process.exit or on a crash — must reach stderr, the last
// error with its stack above all.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { ERROR, logLines } from '../../helpers/log-lines.js';

beforeAll(ensureBuilt, 300_000);

const LINES = 5000;
const script = (end: string) => `
  import { jsonLogger } from './dist/electron/service/logging/logger.js';
  const log = jsonLogger('jobindex serve');
  for (let i = 0; i < ${LINES}; i++) log.info({ reqId: 'r' + i, status: 200 }, 'request');
  log.error({ reqId: 'boom-1', err: new Error('no such table: jobs') }, 'unexpected error');
  ${end}
`;

describe('buffered log lines reach stderr before the process ends', () => {
  it.each([
    ['process.exit', 'process.exit(3);', 3],
    ['an uncaught exception', "throw new Error('crash after the log line');", 1],
  ])('on %s', (_how, end, code) => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script(end)], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    expect(r.status).toBe(code);
    const lines = logLines(r.stderr).filter((l) => l.raw === undefined);
    expect(lines.filter((l) => l.msg === 'request')).toHaveLength(LINES);
    const failure = lines.find((l) => l.level === ERROR && l.reqId === 'boom-1');
    expect(failure?.err?.stack).toMatch(/no such table: jobs\n\s+at /);
  });
});
