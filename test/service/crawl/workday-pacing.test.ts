import { describe, expect, it } from 'vitest';
import { gateKey } from '../../../electron/service/crawl/http-client.js';

// Workday serves every tenant of a shard from the same servers: the per-host limit holds per shard.
describe('per-host limit on shared hosts', () => {
  it('Workday tenants on one shard share one gate; other shards and other hosts have their own', () => {
    expect(gateKey('nvidia.wd5.myworkdayjobs.com')).toBe('wd5.myworkdayjobs.com');
    expect(gateKey('gdit.wd5.myworkdayjobs.com')).toBe('wd5.myworkdayjobs.com');
    expect(gateKey('analogdevices.wd1.myworkdayjobs.com')).toBe('wd1.myworkdayjobs.com');
    expect(gateKey('acme.impl-wd12.myworkdayjobs.com')).toBe('impl-wd12.myworkdayjobs.com');
    expect(gateKey('boards-api.greenhouse.io')).toBe('boards-api.greenhouse.io');
    expect(gateKey('acme.recruitee.com')).toBe('acme.recruitee.com');
  });
});
