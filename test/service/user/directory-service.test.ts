import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryService } from '#shared/gen/svc/directory/v1/directory_pb';
import { DirectorySearch } from '#service/directory/directory-search';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { openUserDb } from '#service/user-db/open-user-db';
import { directoryService } from '../../../electron/service/user-services/directory-service.js';
import { Sources } from '../../../electron/service/user-services/sources.js';

const own = new DirectorySearch([
  { platform: 'greenhouse', key: 'acme', token: 'acme', name: 'Acme Robotics', sources: 2 },
  { platform: 'lever', key: 'acme', token: 'acme', name: 'Acme Robotics', region: 'eu', sources: 1 },
  {
    platform: 'workday',
    key: 'acme/careers',
    token: 'acme.wd5.myworkdayjobs.com/Careers',
    name: 'Acme Robotics',
    sources: 1,
  },
  { platform: 'icims', key: 'acme', token: 'acme', name: 'Acme Robotics', sources: 1 },
]);
const tmp = mkdtempSync(join(tmpdir(), 'jobindex-directory-'));
const userDb = openUserDb(join(tmp, 'user.sqlite'));
const sources = new Sources(userDb, { indexFile: join(tmp, 'index.sqlite'), background: false }, undefined);
afterAll(async () => {
  await sources.stop();
  userDb.close();
  rmSync(tmp, { recursive: true, force: true });
});
const client = (dir?: () => Promise<DirectorySearch>) =>
  createClient(
    DirectoryService,
    createInMemoryTransport(createHandlers((r) => r.service(DirectoryService, directoryService(sources, dir)))),
  );

describe('DirectoryService.Search', () => {
  it('answers from the directory with the input Follow takes, and says which boards can be crawled', async () => {
    const res = await client(async () => own).search({ query: 'acme' });
    expect(res.boards.map((b) => [b.platform, b.input, b.crawlable, b.lists])).toEqual([
      ['greenhouse', 'greenhouse:acme', true, 2],
      ['lever', 'lever-eu:acme', true, 1],
      ['workday', 'https://acme.wd5.myworkdayjobs.com/Careers', true, 1],
      ['icims', 'icims:acme', false, 1],
    ]);
  });

  it('offers Breezy HR and JazzHR boards as crawlable, with the input Follow takes', async () => {
    const more = new DirectorySearch([
      { platform: 'breezy', key: 'acme', token: 'acme', name: 'Acme Robotics', sources: 2 },
      { platform: 'jazzhr', key: 'acme', token: 'acme', name: 'Acme Robotics', sources: 1 },
    ]);
    const res = await client(async () => more).search({ query: 'acme' });
    expect(res.boards.map((b) => [b.platform, b.input, b.crawlable])).toEqual([
      ['breezy', 'breezy:acme', true],
      ['jazzhr', 'jazzhr:acme', true],
    ]);
  });

  it('narrows to a platform; a limit out of range is an invalid_argument naming it', async () => {
    const c = client(async () => own);
    expect((await c.search({ query: 'acme', platform: 'Lever' })).boards.map((b) => b.platform)).toEqual(['lever']);
    const e = await c.search({ query: 'acme', limit: 500 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ConnectError);
    expect((e as ConnectError).code).toBe(Code.InvalidArgument);
    expect((e as ConnectError).rawMessage).toMatch(/^limit: must be 1 to 200/);
  });

  it('answers from the shipped directory by default', async () => {
    const res = await client().search({ query: 'Stripe', limit: 1 });
    expect(res.boards[0]).toMatchObject({
      name: 'Stripe',
      platform: 'greenhouse',
      input: 'greenhouse:stripe',
      crawlable: true,
    });
  });
});
