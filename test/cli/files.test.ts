// The CLI given the wrong file (issue #16, items 13-16): a file of another kind, an empty or
// foreign one, an index on read-only media, a bad number. Each is refused with a message that
// names the file and what it is, with its own exit code, and the file is left byte for byte.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../helpers/built-dist.js';
import { runCli } from '../helpers/run-cli.js';

const TIMEOUT = 120_000;
const cli = (...args: string[]) => runCli(args);
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

let tmp: string;
let accounts: string;
let index: string;

beforeAll(async () => {
  await ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'jobindex-files-'));
  index = join(tmp, 'index.sqlite');
  copyFileSync(inject('fixtureIndex'), index);
  accounts = join(tmp, 'accounts.sqlite');
  const add = await cli(
    'users',
    'add',
    '--accounts',
    accounts,
    '--email',
    'a@example.com',
    '--password',
    'long enough 1',
  );
  expect(add.code, add.stderr).toBe(0);
}, TIMEOUT);

afterAll(() => {
  if (tmp) {
    chmodSync(tmp, 0o755);
    rmSync(tmp, { recursive: true, force: true });
  }
});

describe('a file of another kind', { timeout: TIMEOUT }, () => {
  it('search --db on the accounts file refuses it, naming both kinds, and the file still works as accounts', async () => {
    const before = digest(accounts);
    for (const cmd of [['search', 'engineer'], ['info'], ['companies'], ['purge']]) {
      const r = await cli(...cmd, '--db', accounts);
      expect(r.code, cmd.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`jobindex: ${accounts} is an accounts file, not a job index\n`);
    }
    expect(digest(accounts)).toBe(before);
    const add = await cli(
      'users',
      'add',
      '--accounts',
      accounts,
      '--email',
      'b@example.com',
      '--password',
      'long enough 2',
    );
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
  });

  it('generate --out, which replaces an index, refuses to replace the accounts file', async () => {
    const before = digest(accounts);
    const r = await cli('generate', '--jobs', '10', '--out', accounts);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`jobindex: ${accounts} is an accounts file, not a job index\n`);
    expect(digest(accounts)).toBe(before);
  });

  it('users add --accounts on an index refuses it and leaves it as it was', async () => {
    const before = digest(index);
    const r = await cli('users', 'add', '--accounts', index, '--email', 'c@example.com', '--password', 'long enough 3');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`jobindex: ${index} is a job index, not an accounts file\n`);
    expect(digest(index)).toBe(before);
  });
});

describe('a file that is no index', { timeout: TIMEOUT }, () => {
  it('a 0-byte file: exit 2 saying it is empty, and it stays 0 bytes (no schema written)', async () => {
    const file = join(tmp, 'zero.sqlite');
    writeFileSync(file, '');
    for (const cmd of [['search'], ['info'], ['get', '3dd88aab-9788-4bfa-87b2-b9939ce07b2e']]) {
      const r = await cli(...cmd, '--db', file);
      expect(r.code, cmd.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`jobindex: ${file} is empty (0 bytes), not a job index\n`);
    }
    expect(readFileSync(file).byteLength).toBe(0);
  });

  it("another application's SQLite file: exit 2 naming its tables, not a byte written", async () => {
    const file = join(tmp, 'photos.sqlite');
    const other = new Database(file);
    other.exec("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT); INSERT INTO photos (path) VALUES ('a.jpg')");
    other.close();
    const before = digest(file);
    const r = await cli('search', '--db', file);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `jobindex: ${file} is another application's SQLite database (tables: photos), not a job index\n`,
    );
    expect(digest(file)).toBe(before);
  });

  it('a file that is not SQLite at all: exit 2 saying so', async () => {
    const file = join(tmp, 'notes.txt');
    writeFileSync(file, 'Call the recruiter on Monday.\n'.repeat(10));
    const r = await cli('info', '--db', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`jobindex: ${file} is not a SQLite database, so not a job index\n`);
    expect(readFileSync(file, 'utf8')).toBe('Call the recruiter on Monday.\n'.repeat(10));
  });
});

describe('an index on read-only media', { timeout: TIMEOUT }, () => {
  // Root writes anywhere, even into a folder without write permission: as root, the folder is
  // made read-only media for the command (a read-only bind mount in its own mount namespace).
  const readOnly = (dir: string) =>
    process.getuid?.() === 0
      ? ['unshare', '--mount', 'sh', '-c', 'mount --bind -o ro "$0" "$0" && exec "$@"', dir]
      : [];

  it('is searched (a WAL-mode file where no -shm can be made: read through a copy in memory), and a command that writes exits 4', async () => {
    const dir = join(tmp, 'share');
    mkdirSync(dir);
    const file = join(dir, 'index.sqlite');
    copyFileSync(inject('fixtureIndex'), file);
    expect(readFileSync(file)[18]).toBe(2); // WAL mode: SQLite would need to make index.sqlite-shm here
    chmodSync(file, 0o444);
    chmodSync(dir, 0o555);
    chmodSync(tmp, 0o755);
    const before = digest(file);

    const search = await runCli(['search', '--db', file, '--json', '--limit', '3'], { prefix: readOnly(dir) });
    expect(search.stderr).toBe('');
    expect(search.code).toBe(0);
    expect((JSON.parse(search.stdout) as { data: unknown[] }).data).toHaveLength(3);

    const purge = await runCli(['purge', '--db', file], { prefix: readOnly(dir) });
    expect(purge.code).toBe(4);
    expect(purge.stderr).toMatch(new RegExp(`^jobindex: I/O error: ${file}: .*(readonly|unable to open)`));
    expect(digest(file)).toBe(before);
    expect(existsSync(`${file}-shm`)).toBe(false);
  });
});

describe('bad numeric option values', { timeout: TIMEOUT }, () => {
  it('exit 2 with the option and the value, like other invalid input', async () => {
    for (const args of [
      ['search', '--limit', '1O', '--db', index],
      ['search', '--salary-min', 'lots', '--db', index],
      ['generate', '--jobs', 'ten', '--out', join(tmp, 'never.sqlite')],
      ['serve', '--port', 'http', '--db', index],
    ]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(args[1]);
      expect(r.stderr).toContain(args[2]);
    }
    expect(existsSync(join(tmp, 'never.sqlite'))).toBe(false);
  });
});
