// The REST API under load (autocannon): requests/s, p50/p99 latency and errors of the signed-in routes a user hits
// most — GET /api/bots, GET /api/trades (default 30 days, first page, with the filtered set's stats) and
// GET /api/trades?dateRange=all over a user with 100,000 trades, and POST /api/bots. Login is excluded (argon2 is
// slow on purpose). Target (issue 13): p99 ≤ 30 ms for GET /api/trades with 100,000 trades.
//
//   npm run bench:api-load
//   node bench/run.mjs bench/api-load.ts [--trades 100000] [--seconds 10] [--connections 10] [--only trades]
//                                        [--profile]
//
// The api and one engine (simulated market) run as their own processes, built as `npm start` runs them; the load
// generator runs in this process. Postgres: DATABASE_URL, or an embedded one.
// --only <text>: only the routes whose name contains <text> (e.g. `trades`).
// --profile: the api runs with `--cpu-prof`; after the runs it exits on its own (its profile is written then) and the
// bench prints, per route, where the api's CPU went during the measured run (self time by function and by package).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  arg,
  cpuMs,
  dynamic,
  http,
  machine,
  numberArg,
  rssMb,
  runBench,
  signUp,
  withForkedPlatform,
} from './support.js';

const TRADES = numberArg('trades', 100_000);
const SECONDS = numberArg('seconds', 10);
const CONNECTIONS = numberArg('connections', 10);
const ONLY = arg('only', '');
const PROFILE = process.argv.includes('--profile');

/** The monotonic clock (CLOCK_MONOTONIC, the one of V8's CPU profiles), in ms. */
const monoMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * Where a `--cpu-prof` profile's samples between two monotonic times (ms) went: self time by function and by
 * package (or api/packages folder), in % of the non-idle samples.
 */
function profileSummary(file: string, fromMs: number, toMs: number, top = 25): string[] {
  const p = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { url: string; functionName: string; lineNumber: number } }[];
    startTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  /** A package of node_modules, a folder of our dist (api/modules, packages/db…), node internals or native. */
  const where = (url: string): { pkg: string; file: string } => {
    if (url.includes('/node_modules/')) {
      const rest = url.slice(url.lastIndexOf('/node_modules/') + 14).split('/');
      const pkg = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
      return { pkg, file: `${pkg}/${rest.at(-1)}` };
    }
    const own = /\/(api|engine|packages\/[^/]+)\/dist\/(.*)$/.exec(url);
    if (own) return { pkg: `${own[1]}/${own[2]!.split('/')[0]}`, file: `${own[1]}/${own[2]}` };
    if (url.startsWith('node:')) return { pkg: 'node internals', file: url };
    return { pkg: url ? 'other' : '(native)', file: url };
  };
  const fn = new Map<number, string>();
  const pkg = new Map<number, string>();
  for (const n of p.nodes) {
    const { url, functionName, lineNumber } = n.callFrame;
    const w = where(url);
    fn.set(n.id, `${functionName || '(anonymous)'} ${w.file}${url ? `:${lineNumber + 1}` : ''}`);
    pkg.set(n.id, functionName === '(idle)' ? 'idle' : functionName.startsWith('(') ? functionName : w.pkg);
  }
  let t = p.startTime / 1000;
  const byFn = new Map<string, number>();
  const byPkg = new Map<string, number>();
  let busy = 0;
  let all = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += (p.timeDeltas[i] ?? 0) / 1000;
    if (t < fromMs || t > toMs) continue;
    const dt = p.timeDeltas[i + 1] ?? 0;
    all += dt;
    const id = p.samples[i]!;
    if (pkg.get(id) === 'idle') continue;
    busy += dt;
    byFn.set(fn.get(id)!, (byFn.get(fn.get(id)!) ?? 0) + dt);
    byPkg.set(pkg.get(id)!, (byPkg.get(pkg.get(id)!) ?? 0) + dt);
  }
  if (busy === 0) return ['(no sample in the window)'];
  const pct = (v: number) => ((100 * v) / busy).toFixed(1).padStart(5);
  const sorted = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return [
    `busy ${((100 * busy) / all).toFixed(0)} % of the run's samples; self time, % of the busy time, by package:`,
    ...sorted(byPkg, 15).map(([k, v]) => `  ${pct(v)} %  ${k}`),
    'by function:',
    ...sorted(byFn, top).map(([k, v]) => `  ${pct(v)} %  ${k}`),
  ];
}

/** What this benchmark uses of autocannon (it ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

interface Result {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** CPU time per request of the api process and of the database's Postgres backends, ms. */
  apiCpu: number;
  dbCpu: number;
}

async function main(): Promise<void> {
  const autocannon = ((await import(dynamic('autocannon'))) as { default: Autocannon }).default;
  const profDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'arbitra-api-load-prof-')) : '';
  const windows: { route: string; from: number; to: number }[] = [];
  await withForkedPlatform(
    'api-load',
    async ({ platform, sql }) => {
      const user = await signUp(platform.baseUrl, 'Carga');
      // Enterprise: no bot limit for the POST run.
      await sql.query(
        `UPDATE subscriptions SET plan_id = 'enterprise', status = 'active' WHERE user_id = $1`,
        [user.id],
      );
      const bot = await http<{ bot: { id: string } }>(
        platform.baseUrl,
        'POST',
        '/api/bots',
        {
          name: 'Histórico',
          pairs: ['BTC/USDT'],
          exchanges: ['binance', 'bybit'],
          riskLevel: 'low',
          maxInvestment: 1000,
          minProfitPercent: 0.5,
          active: false,
        },
        user.token,
      );
      const t0 = Date.now();
      // 100,000 trades over the last 120 days (about a quarter in the default 30-day window).
      await sql.query(
        `INSERT INTO trades (user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair,
                           buy_exchange, sell_exchange, buy_price, sell_price, amount, profit, profit_percent,
                           expected_profit, expected_profit_percent, usdt_brl, status, executed_at)
       SELECT $1, $2, 'Histórico', 'bench:' || i, 'arbitrage:BTC/USDT:binance>bybit', 'arbitrage', 'paper', 'BTC/USDT',
              'binance', 'bybit', 95000 + (i % 100), 95100 + (i % 100), 0.01, (i % 7) - 2.5, 0.1, 1, 0.1, 5.4,
              CASE WHEN i % 10 = 0 THEN 'failed' ELSE 'completed' END,
              now() - (i * interval '120 days' / $3)
         FROM generate_series(1, $3) AS i`,
        [user.id, bot.body.bot.id, TRADES],
      );
      await sql.query('ANALYZE trades');
      console.log(`seeded ${TRADES.toLocaleString('en')} trades in ${Date.now() - t0} ms`);

      const routes: { route: string; method: 'GET' | 'POST'; url: string; body?: string }[] = [
        { route: 'GET /api/bots', method: 'GET', url: '/api/bots' },
        { route: 'GET /api/trades (30 days, page 1)', method: 'GET', url: '/api/trades' },
        { route: 'GET /api/trades?dateRange=all', method: 'GET', url: '/api/trades?dateRange=all' },
        {
          route: 'POST /api/bots',
          method: 'POST',
          url: '/api/bots',
          body: JSON.stringify({
            name: 'Carga',
            pairs: ['ETH/USDT'],
            exchanges: ['binance', 'gateio'],
            riskLevel: 'medium',
            maxInvestment: 500,
            minProfitPercent: 0.3,
            active: false,
          }),
        },
      ];
      const results: Result[] = [];
      const memory: string[] = [];
      for (const r of routes) {
        if (ONLY && !r.route.includes(ONLY)) continue;
        // Each route answers once before the load (else the figures would measure errors).
        const once = Date.now();
        const first = await http(
          platform.baseUrl,
          r.method,
          r.url,
          r.body ? JSON.parse(r.body) : undefined,
          user.token,
        );
        if (first.status >= 300) throw new Error(`${r.route}: ${first.status} ${JSON.stringify(first.body)}`);
        console.log(`${r.route}: ${first.status} in ${Date.now() - once} ms`);
        // A short warm-up, then the measured run.
        await autocannon({
          url: platform.baseUrl + r.url,
          connections: 2,
          duration: 2,
          method: r.method,
          body: r.body,
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        });
        // CPU per request: what the machine's other load does not change (latency under load does).
        const backends = async () =>
          (
            await sql.query<{ pid: number }>(
              `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
            )
          ).rows.map((b) => b.pid);
        const before = { api: cpuMs([platform.apiPid]), db: new Map<number, number>() };
        for (const pid of await backends()) before.db.set(pid, cpuMs([pid]));
        const from = monoMs();
        const out = await autocannon({
          url: platform.baseUrl + r.url,
          connections: CONNECTIONS,
          duration: SECONDS,
          method: r.method,
          body: r.body,
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        });
        windows.push({ route: r.route, from, to: monoMs() });
        const apiCpu = cpuMs([platform.apiPid]) - before.api;
        let dbCpu = 0;
        for (const pid of await backends()) dbCpu += cpuMs([pid]) - (before.db.get(pid) ?? 0);
        results.push({
          apiCpu: apiCpu / out.requests.total,
          dbCpu: dbCpu / out.requests.total,
          route: r.route,
          rps: out.requests.average,
          p50: out.latency.p50,
          p99: out.latency.p99,
          requests: out.requests.total,
          errors: out.errors, // timeouts included
          non2xx: out.non2xx,
        });
        memory.push(`${r.route}: api ${(await rssMb(platform.apiPid)).toFixed(0)} MB`);
      }
      console.log(
        `\nREST API, ${CONNECTIONS} connections × ${SECONDS} s per route, ${TRADES.toLocaleString('en')} trades for the user` +
          ` (${machine()})`,
      );
      console.log(
        '| route | requests/s | p50 ms | p99 ms | requests | errors | non-2xx | api CPU ms/req | Postgres CPU ms/req |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|');
      for (const r of results)
        console.log(
          `| ${r.route} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.errors} | ${r.non2xx} | ` +
            `${r.apiCpu.toFixed(2)} | ${r.dbCpu.toFixed(2)} |`,
        );
      console.log(`\napi resident memory after each run: ${memory.join('; ')}`);
      if (PROFILE) {
        await platform.apiExit();
        const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
        if (!file) throw new Error(`no profile written in ${profDir}`);
        for (const w of windows)
          console.log(
            `\napi CPU profile, ${w.route}:\n${profileSummary(path.join(profDir, file), w.from, w.to).join('\n')}`,
          );
        console.log(`\nprofile: ${path.join(profDir, file)}`);
      }
    },
    PROFILE ? { apiExecArgv: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] } : {},
  );
}

runBench(main);
