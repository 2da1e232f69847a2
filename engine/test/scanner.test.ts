import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENTS,
  PAIRS,
  countAtLeast,
  routeOf,
  type OpportunityFilterHistory,
  type EngineStats,
  type MarketSnapshot,
  type PriceGrid,
  type ScannerDelta,
  type ScannerSnapshot,
  type StatusReport,
} from '@arbitra/contracts';
import { client, register } from '../../api/test/support/http.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';

function next<T>(
  socket: Socket,
  event: string,
  accept: (payload: T) => boolean = () => true,
  ms = 20_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no acceptable '${event}' in ${ms} ms`)), ms);
    const handler = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

describe('the live scanner, from the engine to browsers connected to the api', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  const sockets: Socket[] = [];
  const open = (auth?: { token: string }) => {
    const s = connect(platform.baseUrl, { transports: ['websocket'], auth });
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url });
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await platform?.close();
    await db?.drop();
  });

  it('sends anonymous visitors the basic scanner, the price grid and the feed states', async () => {
    const socket = open();
    const [snapshot, grid, feeds] = await Promise.all([
      next<ScannerSnapshot>(socket, EVENTS.scannerSnapshot),
      next<PriceGrid>(socket, EVENTS.marketPrices, (g) => g.quotes.length >= PAIRS.length * 5),
      next<{ exchange: string; status: string }[]>(socket, EVENTS.marketFeeds, (f) =>
        f.every((s) => s.status === 'up'),
      ),
    ]);
    expect(snapshot.source).toEqual({ kind: 'simulated', simulated: true });
    expect(snapshot.opportunities.length).toBeLessThanOrEqual(10);
    // every pair of SPEC §9 on the five exchanges, each with a bid below its ask
    for (const q of grid.quotes) expect(Number(q.bid)).toBeLessThan(Number(q.ask));
    expect(new Set(grid.quotes.map((q) => q.exchange)).size).toBe(5);
    expect(feeds.map((f) => f.exchange).sort()).toEqual([
      'binance',
      'bybit',
      'gateio',
      'mercadobitcoin',
      'mexc',
    ]);
  });

  it('streams every change in real time to a Profissional (trial) user, and not to visitors', async () => {
    const call = client(platform.baseUrl);
    const user = await register(call);
    const pro = open({ token: user.token });
    const visitor = open();
    let visitorDeltas = 0;
    visitor.on(EVENTS.scannerDelta, () => visitorDeltas++);
    const delta = await next<ScannerDelta>(pro, EVENTS.scannerDelta, (d) => d.upserts.length > 0, 60_000);
    const o = delta.upserts[0]!;
    expect(o.legs.length).toBeGreaterThanOrEqual(2);
    expect(Number(o.netPercent)).toBeGreaterThan(0);
    expect(Number(o.profitBrl)).toBeGreaterThan(0);
    expect(visitorDeltas).toBe(0);
  }, 90_000);

  it('answers a bot filter with the opportunities the engine counted (GET /api/market/opportunity-history)', async () => {
    const call = client(platform.baseUrl);
    const user = await register(call);
    const pro = open({ token: user.token });
    // Independent: an opportunity the real-time stream showed, with a bot pair.
    const delta = await next<ScannerDelta>(
      pro,
      EVENTS.scannerDelta,
      (d) => d.upserts.some((o) => routeOf(o).pairs.length > 0),
      60_000,
    );
    const seen = delta.upserts.find((o) => routeOf(o).pairs.length > 0)!;
    const route = routeOf(seen);
    const query = (f: { strategy: string; pairs: string[]; exchanges: string[] }) =>
      `/api/market/opportunity-history?strategy=${f.strategy}&pairs=${encodeURIComponent(f.pairs.join(','))}&exchanges=${encodeURIComponent(f.exchanges.join(','))}`;
    const get = (f: Parameters<typeof query>[0]) =>
      call<OpportunityFilterHistory>('GET', query(f), { token: user.token });

    // The engine publishes every 15 s: within a couple of rounds the filter that takes this route counts it,
    // at a peak at least what the stream showed.
    const deadline = Date.now() + 45_000;
    let h: OpportunityFilterHistory | undefined;
    for (;;) {
      const res = await get(route);
      if (res.status === 200 && countAtLeast(res.body.day, Math.floor(seen.netPct * 100) / 100) >= 1) {
        h = res.body;
        break;
      }
      if (Date.now() > deadline) throw new Error(`not counted: ${res.status} ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(h.coveredMs).toBeGreaterThan(0);
    expect(h.coveredMs).toBeLessThanOrEqual(24 * 3_600_000);
    // The last hour is inside the day; the median is one of the hour's bins.
    const total = (x: [number, number][]) => x.reduce((a, [, n]) => a + n, 0);
    expect(total(h.hour)).toBeLessThanOrEqual(total(h.day));
    expect(
      h.hourMedianPercent === null || h.hour.some(([bin]) => Math.max(bin, 1) / 100 === h.hourMedianPercent),
    ).toBe(true);
    // A wider filter takes at least as many; one without this route's exchanges none of it.
    const wider = await get({
      strategy: route.strategy,
      pairs: [...PAIRS],
      exchanges: ['binance', 'bybit', 'gateio', 'mexc', 'mercadobitcoin'],
    });
    expect(total(wider.body.day)).toBeGreaterThanOrEqual(total(h.day));
    const other = ['binance', 'bybit', 'gateio', 'mexc', 'mercadobitcoin'].filter(
      (e) => !route.exchanges.includes(e as never),
    );
    const without = await get({ ...route, exchanges: other.slice(0, 2) });
    expect(without.status).toBe(200);
    expect(total(without.body.day)).toBeLessThanOrEqual(total(wider.body.day));
    // Signed-in only; a bad filter is a pt-BR 400.
    expect((await call('GET', query(route))).status).toBe(401);
    const bad = await get({ ...route, pairs: ['DOGE/USDT'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: 'Filtro inválido: informe a estratégia, os pares e as exchanges do bot',
    });
  }, 120_000);

  it('serves the last published state over REST: snapshot, public figures and status', async () => {
    const call = client(platform.baseUrl);
    const snap = await call<MarketSnapshot>('GET', '/api/market/snapshot');
    expect(snap.status).toBe(200);
    expect(snap.body.scanner?.source.simulated).toBe(true);
    expect(snap.body.prices?.quotes.length).toBeGreaterThan(0);

    const stats = await call<EngineStats>('GET', '/api/stats/public');
    expect(stats.status).toBe(200);
    expect(stats.body.exchangesWatched).toBe(5);
    expect(stats.body.pairsWatched).toBe(10);

    const status = await call<StatusReport>('GET', '/api/status');
    expect(status.body.components.map((c) => [c.name, c.status])).toEqual([
      ['api', 'up'],
      ['engine', 'up'],
      ['database', 'up'],
      ['queue', 'up'],
    ]);
    expect(status.body.feeds).toHaveLength(5);
  });

  it('exposes the engine metrics at /metrics in Prometheus format', async () => {
    const deadline = Date.now() + 15_000;
    let text = '';
    while (Date.now() < deadline && !text.includes('arbitra_engine_book_updates_total')) {
      text = await (
        await fetch(`${platform.baseUrl}/metrics`, {
          headers: { Authorization: `Bearer ${platform.env.METRICS_TOKEN}` },
        })
      ).text();
      if (!text.includes('arbitra_engine_book_updates_total')) await new Promise((r) => setTimeout(r, 500));
    }
    expect(text).toMatch(/arbitra_engine_book_updates_total\{exchange="binance"\} \d+/);
    expect(text).toContain('arbitra_engine_detection_latency_seconds_bucket');
    expect(text).toContain('arbitra_api_process_cpu_user_seconds_total');
    // Not public: no token → 401, a wrong one → 401 (docs/observability.md).
    expect((await fetch(`${platform.baseUrl}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${platform.baseUrl}/metrics`, { headers: { Authorization: 'Bearer errado' } })).status,
    ).toBe(401);
  }, 30_000);
});
