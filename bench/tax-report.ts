// The 'Impostos' report of a heavy trader (issue 15): a user with 100,000 live trades in one year (two legs
// each, 200,000 legs; Binance, Mercado Bitcoin, MEXC; BTC/USDT and ETH/USDT), then GET /api/tax/report over
// HTTP against the api built as `npm start` builds it, on Postgres (DATABASE_URL or an embedded one).
//
//   npm run bench:tax
//   node bench/run.mjs bench/tax-report.ts [--trades 100000] [--requests 300] [--year 2025]
//
// Figures printed: the very first report of this user (the whole history read and folded, each month kept in
// `tax_months`); then the api is restarted (a new app on the same database) and the cold report after the start
// is timed (the kept months read, nothing folded: limit 1 s); then `requests` reports of the months of the year
// (the page a user clicks through: month figures + a page of 50 trades' operations), their p50/p95/p99 (limit
// 200 ms), the report after one new trade (refolded from its month), the year report and a month's CSV.
import { mkdtempSync, rmSync } from 'node:fs';
import type net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  arg,
  benchPostgres,
  dropDatabase,
  dynamic,
  freshDatabase,
  loadApi,
  now,
  platformEnv,
  quantile,
  runBench,
  signUp,
} from './support.js';
import type { FixtureTrade } from '../api/src/cli/live-trade-fixtures.js';
import type { TaxMonthReport } from '@arbitra/contracts';

const LIMIT_P99_MS = 200;
const LIMIT_COLD_MS = 1_000;

async function main(): Promise<void> {
  const tradeCount = Number(arg('trades', '100000'));
  const requests = Number(arg('requests', '300'));
  const year = Number(arg('year', '2025'));
  const tmp = mkdtempSync(path.join(tmpdir(), 'arbitra-bench-tax-'));
  const pgHandle = await benchPostgres(tmp);
  const dbUrl = await freshDatabase(pgHandle.adminUrl);
  const { createApiApp, parseApiConfig } = await loadApi();
  const { insertFixtureTrades } = (await import(
    dynamic('./api/dist/cli/live-trade-fixtures.js')
  )) as typeof import('../api/src/cli/live-trade-fixtures.js');
  const { createDataSource, TradesRepository } = (await import(
    dynamic('@arbitra/db')
  )) as typeof import('@arbitra/db');

  const env = platformEnv(dbUrl, '', { MARKET_FEED: 'simulated' }); // one secret: sessions outlive a restart
  const startApi = async () => {
    const started = await createApiApp(parseApiConfig(env));
    await started.app.listen(0, '127.0.0.1');
    const { port } = started.app.getHttpServer().address() as net.AddressInfo;
    return { api: started, baseUrl: `http://127.0.0.1:${port}` };
  };
  let { api, baseUrl } = await startApi();
  const ds = createDataSource(dbUrl);
  await ds.initialize();
  try {
    const { token, id: userId } = await signUp(baseUrl, 'Bench');

    // 100,000 trades spread over the year (São Paulo), deterministic.
    const start = Date.parse(`${year}-01-01T03:00:00Z`);
    const span = Date.parse(`${year + 1}-01-01T03:00:00Z`) - start;
    const routes = [
      ['binance', 'mercadobitcoin'],
      ['mexc', 'binance'],
      ['mercadobitcoin', 'mexc'],
    ] as const;
    const trades: FixtureTrade[] = Array.from({ length: tradeCount }, (_, i) => {
      const [buyExchange, sellExchange] = routes[i % 3]!;
      const eth = i % 2 === 1;
      const price = eth ? 3000 + (i % 500) : 90000 + (i % 5000);
      return {
        key: `bench:tax:${i}`,
        executedAt: new Date(start + Math.floor((i / tradeCount) * span)),
        pair: eth ? 'ETH/USDT' : 'BTC/USDT',
        usdtBrl: (5.2 + (i % 40) / 100).toFixed(2),
        amount: eth ? '0.35' : '0.012',
        buyExchange,
        buyPrice: String(price),
        sellExchange,
        sellPrice: (price * 1.004).toFixed(2),
        feeRate: '0.001',
      };
    });
    const t0 = now();
    await insertFixtureTrades(new TradesRepository(ds), userId, 'Bench', trades);
    console.log(
      `inserted ${tradeCount} live trades (${tradeCount * 2} legs) in ${((now() - t0) / 1000).toFixed(1)} s`,
    );
    // What autovacuum does after a bulk load (the visibility map lets the report's counts read the index alone).
    await ds.query('VACUUM ANALYZE trades');
    await ds.query('VACUUM ANALYZE trade_legs');

    const get = async (p: string): Promise<{ ms: number; body: string }> => {
      const s = now();
      const res = await fetch(`${baseUrl}${p}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      const ms = now() - s;
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${body}`);
      return { ms, body };
    };
    const month = (m: number) => `${year}-${String(m).padStart(2, '0')}`;

    const first = await get(`/api/tax/report?month=${month(6)}`);
    const june = JSON.parse(first.body) as TaxMonthReport;
    console.log(
      `first report ever (whole history read, folded and kept in tax_months): ${first.ms.toFixed(0)} ms — June: ` +
        `${june.operations.total} trades, disposals R$ ${june.salesTotal}, gains R$ ${june.gains}, ` +
        `DARF R$ ${june.darf.amount} due ${june.darf.dueDate}`,
    );
    // An api start: a new app on the same database (nothing in memory).
    await api.app.close();
    ({ api, baseUrl } = await startApi());
    const cold = await get(`/api/tax/report?month=${month(6)}`);
    if (cold.body !== first.body)
      throw new Error('the report after the restart differs from the first report');
    console.log(
      `cold report after an api start (kept months read, nothing folded): ${cold.ms.toFixed(0)} ms ` +
        `(limit ${LIMIT_COLD_MS} ms: ${cold.ms <= LIMIT_COLD_MS ? 'OK' : 'OVER'}; same figures as the first)`,
    );
    const times: number[] = [];
    for (let i = 0; i < requests; i++)
      times.push((await get(`/api/tax/report?month=${month(1 + (i % 12))}&page=${1 + (i % 3)}`)).ms);
    times.sort((a, b) => a - b);
    const p99 = quantile(times, 0.99);
    console.log(
      `report of a month (${requests} requests, months 1–12, pages 1–3): p50 ${quantile(times, 0.5).toFixed(1)} ms, ` +
        `p95 ${quantile(times, 0.95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms ` +
        `(limit ${LIMIT_P99_MS} ms: ${p99 <= LIMIT_P99_MS ? 'OK' : 'OVER'})`,
    );
    // A new live trade on 31 December: the next report refolds from December only.
    await insertFixtureTrades(new TradesRepository(ds), userId, 'Bench', [
      { ...trades[trades.length - 1]!, key: 'bench:tax:new' },
    ]);
    const after = await get(`/api/tax/report?month=${month(12)}`);
    console.log(`report after one new trade (refolds its month only): ${after.ms.toFixed(0)} ms`);
    const yearReport = await get(`/api/tax/year?year=${year}`);
    console.log(`year report: ${yearReport.ms.toFixed(1)} ms`);
    const csv = await get(`/api/tax/report.csv?month=${month(3)}`);
    console.log(`CSV of March (${csv.body.split('\r\n').length - 2} operations): ${csv.ms.toFixed(0)} ms`);
    console.log(
      `machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (p99 > LIMIT_P99_MS || cold.ms > LIMIT_COLD_MS) process.exitCode = 1;
  } finally {
    await ds.destroy();
    await api.app.close();
    await dropDatabase(pgHandle.adminUrl, dbUrl);
    await pgHandle.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

runBench(main);
