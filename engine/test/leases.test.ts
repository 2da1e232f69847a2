import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeaseStore, type LeaseStore } from '@arbitra/transport';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { availableRedisUrl } from '../../scripts/test-support/redis.js';
import { waitFor } from '../../scripts/test-support/wait.js';

/** The lease stores on the real transports: one holder per key, fencing tokens, a dead holder's leases freed. */
describe.each([
  ['postgres', async () => undefined as string | undefined],
  ['redis', availableRedisUrl],
])('leases on %s', (kind, redisOf) => {
  let db: TestDatabase;
  let redisUrl: string | undefined;
  const stores: LeaseStore[] = [];
  const namespace = `l${randomBytes(4).toString('hex')}`;
  const store = (memberId: string, ttlMs = 1_000) => {
    const s = createLeaseStore({ databaseUrl: db.url, redisUrl, namespace }, { memberId, ttlMs });
    stores.push(s);
    return s;
  };

  beforeAll(async () => {
    redisUrl = await redisOf();
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const s of stores) await s.close();
    await db?.drop();
  });

  it('gives a key to one member at a time, frees it on release and when its holder goes', async (ctx) => {
    if (kind === 'redis' && !redisUrl) ctx.skip();
    const a = store('engine-a');
    const b = store('engine-b');
    expect(await a.heartbeat()).toEqual(['engine-a']);
    expect(await b.heartbeat()).toEqual(['engine-a', 'engine-b']);

    const first = await a.acquire(['bot:1', 'bot:2']);
    expect([...first.keys()]).toEqual(['bot:1', 'bot:2']);
    expect((await b.acquire(['bot:1', 'bot:2', 'bot:3'])).has('bot:1')).toBe(false);
    expect([...(await a.renew(['bot:1', 'bot:2']))].sort()).toEqual(['bot:1', 'bot:2']);
    expect(await a.holders(['bot:1', 'bot:3'])).toEqual(
      new Map([
        ['bot:1', 'engine-a'],
        ['bot:3', 'engine-b'],
      ]),
    );

    // Released by its holder: the other takes it (Redis: with a higher fencing token).
    await a.release(['bot:1']);
    const taken = await b.acquire(['bot:1']);
    expect(taken.has('bot:1')).toBe(true);
    if (kind === 'redis') expect(taken.get('bot:1')!).toBeGreaterThan(first.get('bot:1')!);
    expect((await a.renew(['bot:1'])).has('bot:1')).toBe(false);
    // Fencing: the old holder's token is stale for anyone who checks it; the new one's is current.
    expect(await b.isCurrent('bot:1', first.get('bot:1')!)).toBe(false);
    expect(await a.isCurrent('bot:1', taken.get('bot:1')!)).toBe(true);
    expect(await b.isCurrent('bot:2', first.get('bot:2')!)).toBe(true);
    const fourth = (await a.acquire(['bot:4'])).get('bot:4')!;
    expect(await b.isCurrent('bot:4', fourth)).toBe(true);
    await a.release(['bot:4']);
    expect(await b.isCurrent('bot:4', fourth), 'a released lease fences its token').toBe(false);

    // The holder goes without releasing (Postgres: its session ends; Redis: its leases expire).
    if (kind === 'postgres') await a.close();
    const freed = await waitFor(
      async () => ((await b.acquire(['bot:2'])).has('bot:2') ? true : undefined),
      5_000,
      100,
    );
    expect(freed).toBe(true);
    expect(
      await waitFor(async () => ((await b.heartbeat()).join() === 'engine-b' ? true : undefined), 5_000, 100),
    ).toBe(true);
  }, 30_000);
});
