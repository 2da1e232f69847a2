import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataSource, repositoriesOf } from '@arbitra/db';
import type { Opportunity } from '@arbitra/contracts';
import { seed } from '../../api/src/cli/seed.js';
import { login, client, type Client } from '../../api/test/support/http.js';
import type { SimulatedFeed } from '../src/market-data/simulated.feed.js';
import { ScannerService } from '../src/scanner/scanner.service.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { waitFor } from '../../scripts/test-support/wait.js';

const ID = 'arbitrage:ETH/USDT:binance>gateio';

describe('platform settings reach the engine (issue 11 §7)', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let adminToken: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const ds = createDataSource(db.url);
    await ds.initialize();
    await seed(repositoriesOf(ds));
    await ds.destroy();
    platform = await startPlatform({ databaseUrl: db.url, engines: 1 });
    call = client(platform.baseUrl);
    adminToken = (await login(call, 'admin@arbitra.local', 'admin12345')).body.access_token as string;
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
    await db?.drop();
  });

  it("a taker fee changed by an admin reaches the engine within seconds and lowers the opportunity's net by the difference", async () => {
    const scanner = platform.engines[0]!.get(ScannerService);
    expect(scanner.scanner.fees.taker('binance')).toBe(0.001);
    const seen: { at: number; net: number }[] = [];
    const detach = scanner.scanner.registry.on({
      added: (o: Opportunity) => o.id === ID && seen.push({ at: Date.now(), net: Number(o.netPercent) }),
      updated: (o: Opportunity) => o.id === ID && seen.push({ at: Date.now(), net: Number(o.netPercent) }),
    });
    try {
      // ETH on binance 2 % below the market: buy on binance (taker 0,1 %), sell on gateio.
      expect((scanner.feed as SimulatedFeed).forceDislocation('binance', 'ETH/USDT', -0.02, 60_000)).toBe(
        true,
      );
      await waitFor(() => (seen.length > 0 ? true : undefined), 10_000, 20);

      const changedAt = Date.now();
      const res = await call('PUT', '/api/admin/settings', {
        token: adminToken,
        body: { takerFeesPercent: { binance: 1.1 }, reason: 'taxa VIP perdida' },
      });
      expect(res.status).toBe(200);
      await waitFor(() => (scanner.scanner.fees.taker('binance') === 0.011 ? true : undefined), 30_000, 10);
      const reachedMs = Date.now() - changedAt;
      expect(reachedMs).toBeLessThan(5_000);

      const before = seen.filter((s) => s.at < changedAt).at(-1)!;
      const after = await waitFor(() => seen.find((s) => s.at > changedAt + reachedMs), 10_000, 20);
      if (!after) throw new Error('a oportunidade não foi reavaliada depois da mudança de taxa');
      // Net = what the sell gives after its fee over what the buy costs with its fee: 1 pp more fee on the buy
      // lowers it by about 1 pp (the dislocation decays slowly, tau 60 s).
      const drop = before.net - after.net;
      expect(drop).toBeGreaterThan(0.8);
      expect(drop).toBeLessThan(1.2);
    } finally {
      detach();
    }
    // Stored and audited, and a new engine reads it at start.
    const stored = await call<{ takerFees: Record<string, number> }>('GET', '/api/admin/settings', {
      token: adminToken,
    });
    expect(stored.body.takerFees.binance).toBe(0.011);
  }, 60_000);
});
