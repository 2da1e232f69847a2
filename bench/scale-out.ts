/**
 * Scale-out: executions/s and book update → browser latency with 1, 2 and 4 engine processes on the Redis
 * transport (issue 18). One recorded market (simulated, recorded in virtual time) is replayed to every engine at
 * SPEED× its recorded pace, anchored on one shared wall time, with independent receipt jitter per engine; BOTS
 * running paper bots (each on one pair and two exchanges) are shared by the engines through their leases; one
 * signed-in browser (real-time scanner) measures, for every opportunity a scanner:delta brings, arrival − lastSeen
 * (lastSeen: when the publishing engine received the book it last saw the opportunity in; one machine, one clock).
 *
 * Every pass of the replayed market has two sections:
 *  - the recorded market (the "steady" window): executions/s there is bounded by the market's opportunities, not by
 *    what the engines can execute;
 *  - then BURSTS saturating segments (each --burst-seconds of wall time): the first seconds of the recording again,
 *    with the books of one exchange lifted by --step % (binance in the first, mercadobitcoin in the second … in
 *    turn). At the start of each segment every bot on the lifted exchange (2 bots in 5: 4 of the 10 pairs of
 *    exchanges) matches a new opportunity at once (their jobs in the same instant, spread over the owners), and the
 *    trades swing each bot's inventory back and forth. executions/s there is what the N engines drain: trades
 *    recorded ÷ (last trade − start of the segment). The executor drops a job older than 5 s (MAX_JOB_AGE_MS):
 *    those are counted from the queue's own record of each job's outcome ('expired'), as are refused ones.
 * CPU (user + system, /proc) of every engine, of Postgres, of Redis and of this process (api + browser) is read
 * over each section: what one engine's event loop, Postgres or Redis spends while the engines drain.
 *
 *   node bench/run.mjs bench/scale-out.ts [--engines 1,2,4] [--bots 1500] [--pairs-per-bot 1] [--minutes 4]
 *                                          [--speed 4] [--window 30] [--bursts 4] [--burst-seconds 8] [--step 6]
 *                                          [--min-profit 2] [--order-latency 0] [--profile] [--keep]
 * --order-latency MS: the paper exchange answers each order after MS (PAPER_ORDER_LATENCY_MS), as a real exchange's
 * round trip would; an engine's executor runs 8 jobs at once, so executions then wait on the exchange, not the CPU.
 * --profile: every engine runs with `--cpu-prof`; the bench prints where engine-1's CPU went during the bursts, by
 * package (typeorm, pg, decimal.js, bullmq, ioredis, socket.io…) and by engine folder. --keep: the temporary folder
 * (recording, engine logs, profiles) is kept.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { EXCHANGE_IDS, QUEUES } from '@arbitra/contracts';
import {
  firstMids,
  owners,
  recordMarket,
  seedRunningBots,
  startEngineProcess,
  type EngineProcess,
} from '../scripts/test-support/engine-fleet.js';
import {
  arg,
  benchBackends,
  benchCommand,
  benchPostgres,
  cpuSeconds,
  dropDatabase,
  dynamic,
  freshDatabase,
  loadApi,
  now,
  platformEnv,
  quantile,
  root,
  runBench,
  serverPids,
  sleep,
} from './support.js';

/** Market time between the end of the recording and the first burst segment. */
const GAP_MS = 250;
/** The steady window starts this long after its pass starts (the loop's jump back to the first prices settles). */
const SETTLE_MS = 5_000;

interface Cpu {
  /** % of one core, per engine. */
  engines: number[];
  postgres: number;
  redis: number;
  bench: number;
  load: number;
  /** Length of the section, s. */
  seconds: number;
}

interface SteadyRow {
  engines: number;
  executionsPerSecond: number;
  trades: number;
  deltas: number;
  p50: number;
  p99: number;
  max: number;
  cpu: Cpu;
}

interface BurstRow {
  engines: number;
  segment: number;
  recorded: number;
  completed: number;
  /** Outcomes of the segment's jobs as the queue kept them (returnvalue before ':' / ';'). */
  outcomes: Record<string, number>;
  /** Jobs waiting or running in the queue when the segment started (a backlog the segment's jobs queue behind). */
  queuedBefore: number;
  firstMs: number;
  p50Ms: number;
  lastMs: number;
  perSecond: number;
}

interface BurstSummary {
  engines: number;
  perSecond: number;
  recorded: number;
  matched: number;
  cpu: Cpu;
  /** Every burst job's outcome, once the queue drained (or 20 s after the last segment). */
  outcomes: Record<string, number>;
  /** Where engine-1's CPU went in the steady window and during the bursts (--profile). */
  profile?: { steady: string[]; bursts: string[] };
}

/**
 * Appends the saturating section to a recording: `segments` copies of its first `segmentMs` of market, one after
 * the other after its end, segment j with the books of one exchange (EXCHANGE_IDS[j mod 5]) lifted by stepPct.
 * Only the selling side of each opportunity moves: it opens at its final prices (had both sides moved, it would
 * open on the first book to arrive, at prices the executor then no longer finds). Returns the recorded span and
 * where the section starts (market ms from the first record).
 */
function appendBursts(
  file: string,
  segments: number,
  segmentMs: number,
  stepPct: number,
): { spanMs: number; burstFromMs: number; passSpanMs: number } {
  const books: Record<string, unknown>[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"bids"')) continue;
    books.push(JSON.parse(line) as Record<string, unknown>);
  }
  const recStart = books[0]!.receivedTs as number;
  const recLast = Math.max(...books.map((b) => b.receivedTs as number));
  const spanMs = recLast - recStart;
  if (segmentMs > spanMs)
    throw new Error(`a burst segment (${segmentMs} ms of market) exceeds the recording`);
  const template = books.filter((b) => (b.receivedTs as number) - recStart < segmentMs);
  const lift = (levels: [number, number][], f: number) =>
    levels.map(([p, a]) => [Number((p * f).toPrecision(12)), a] as [number, number]);
  let last = recLast;
  for (let j = 0; j < segments; j++) {
    const shift = spanMs + GAP_MS + j * segmentMs;
    const out: string[] = [];
    for (const b of template) {
      const f = b.exchange === EXCHANGE_IDS[j % EXCHANGE_IDS.length] ? 1 + stepPct / 100 : 1;
      const receivedTs = (b.receivedTs as number) + shift;
      last = Math.max(last, receivedTs);
      out.push(
        JSON.stringify({
          ...b,
          bids: lift(b.bids as [number, number][], f),
          asks: lift(b.asks as [number, number][], f),
          exchangeTs: (b.exchangeTs as number) + shift,
          receivedTs,
        }),
      );
    }
    appendFileSync(file, out.join('\n') + '\n');
  }
  return { spanMs, burstFromMs: spanMs + GAP_MS, passSpanMs: last - recStart };
}

/** The executor's result for a job ('recorded', 'expired: …', 'stale-lease' …), up to its first ':' or ';'. */
const outcomeOf = (value: unknown): string =>
  (typeof value === 'string' ? value : 'no outcome').split(/[:;]/)[0]!;

const exited = (e: EngineProcess) => e.child.exitCode !== null || e.child.signalCode !== null;

/** CPU of the measured processes between two readings, in % of one core over `ms`. */
class CpuMeter {
  private readonly pgNeedle?: string;
  private t0 = 0;
  private engines0: number[] = [];
  private pg0 = new Map<number, number>();
  private redis0 = new Map<number, number>();
  private bench0 = 0;
  constructor(
    private readonly enginePids: number[],
    pgDataDir: string | undefined,
  ) {
    this.pgNeedle = pgDataDir;
  }
  private pgPids = () => serverPids(this.pgNeedle ? { needle: this.pgNeedle } : { name: 'postgres' });
  private static read(pids: number[]) {
    return new Map(pids.map((p) => [p, cpuSeconds(p)]));
  }
  private static used(before: Map<number, number>, after: Map<number, number>) {
    // a backend that started meanwhile counts from 0; one that ended meanwhile is lost (short-lived: little)
    let s = 0;
    for (const [p, v] of after) s += v - (before.get(p) ?? 0);
    return s;
  }
  start(): void {
    this.t0 = Date.now();
    this.engines0 = this.enginePids.map(cpuSeconds);
    this.pg0 = CpuMeter.read(this.pgPids());
    this.redis0 = CpuMeter.read(serverPids({ name: 'redis-server' }));
    const u = process.cpuUsage();
    this.bench0 = (u.user + u.system) / 1e6;
  }
  stop(): Cpu {
    const s = (Date.now() - this.t0) / 1000;
    const pct = (cpu: number) => (100 * cpu) / s;
    const u = process.cpuUsage();
    return {
      engines: this.enginePids.map((p, i) => pct(cpuSeconds(p) - this.engines0[i]!)),
      postgres: pct(CpuMeter.used(this.pg0, CpuMeter.read(this.pgPids()))),
      redis: pct(CpuMeter.used(this.redis0, CpuMeter.read(serverPids({ name: 'redis-server' })))),
      bench: pct((u.user + u.system) / 1e6 - this.bench0),
      load: loadavg()[0]!,
      seconds: s,
    };
  }
}

/**
 * Where a `--cpu-prof` profile's samples between two wall times went (self time), by package or engine folder, in %
 * of the non-idle samples. The profile's clock is the monotonic one (µs); `monoToWallMs` maps it to wall time.
 */
function profileShares(file: string, fromMs: number, toMs: number, monoToWallMs: number): string[] {
  const p = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { url: string; functionName: string } }[];
    startTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const category = new Map<number, string>();
  for (const n of p.nodes) {
    const { url, functionName } = n.callFrame;
    let c: string;
    if (functionName === '(idle)') c = 'idle';
    else if (functionName === '(garbage collector)') c = 'garbage collector';
    else if (functionName === '(program)') c = '(program: native, not attributed)';
    else if (url.includes('/node_modules/')) {
      const rest = url.slice(url.lastIndexOf('/node_modules/') + 14).split('/');
      c = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    } else if (url.includes('/engine/dist/')) c = `engine/${url.split('/engine/dist/')[1]!.split('/')[0]}`;
    else if (url.includes('/packages/')) c = `@arbitra/${url.split('/packages/')[1]!.split('/')[0]}`;
    else if (url.startsWith('node:')) c = 'node internals (net, streams, timers…)';
    else c = url ? 'other' : '(native / builtins)';
    category.set(n.id, c);
  }
  let t = p.startTime;
  const totals = new Map<string, number>();
  let busy = 0;
  let inWindow = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    const wall = t / 1000 + monoToWallMs;
    if (wall < fromMs || wall > toMs) continue;
    const dt = p.timeDeltas[i + 1] ?? 0;
    inWindow += dt;
    const c = category.get(p.samples[i]!) ?? 'other';
    if (c === 'idle') continue;
    busy += dt;
    totals.set(c, (totals.get(c) ?? 0) + dt);
  }
  if (busy === 0) return ['(no sample in the window)'];
  return [
    `busy ${((100 * busy) / inWindow).toFixed(0)} % of the window's samples; of the busy time:`,
    ...[...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([c, v]) => `  ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${c}`),
  ];
}

async function main(): Promise<void> {
  const engineCounts = arg('engines', '1,2,4').split(',').map(Number);
  const bots = Number(arg('bots', '1500'));
  const minutes = Number(arg('minutes', '4'));
  const speed = Number(arg('speed', '4'));
  const windowS = Number(arg('window', '30'));
  const pairsPerBot = Number(arg('pairs-per-bot', '1'));
  const bursts = Number(arg('bursts', '4'));
  const burstS = Number(arg('burst-seconds', '8'));
  const stepPct = Number(arg('step', '6'));
  // 2 %: the market's own dislocations (≤ ~1.5 % net) never reach the bots, so the steady section measures the
  // engines' feed, detection and publishing, and every burst starts on an empty queue; 0.05: they trade the market.
  const minProfit = Number(arg('min-profit', '2'));
  const orderLatencyMs = Number(arg('order-latency', '0'));
  const profile = process.argv.includes('--profile');
  const command = benchCommand('scale-out.ts');

  const { createApiApp, parseApiConfig } = await loadApi();
  const { createQueueFactory } = (await import(
    dynamic('@arbitra/transport')
  )) as typeof import('@arbitra/transport');
  const pg = ((await import(dynamic('pg'))) as { default: typeof import('pg') }).default;
  const { io } = (await import(dynamic('socket.io-client'))) as typeof import('socket.io-client');

  const [redis] = await benchBackends(['redis']);
  if (!redis) throw new Error('Redis does not answer: this benchmark measures the Redis transport');
  const tmp = mkdtempSync(path.join(tmpdir(), 'arbitra-scale-bench-'));
  const { adminUrl, stop: stopPostgres } = await benchPostgres(tmp);
  const pgDataDir = process.env.DATABASE_URL ? undefined : path.join(tmp, 'postgres');
  const file = path.join(tmp, 'market.jsonl');
  const updates = await recordMarket(file, minutes);
  const mids = firstMids(file);
  const segmentMs = burstS * 1000 * speed;
  const { spanMs, burstFromMs, passSpanMs } = appendBursts(file, bursts, segmentMs, stepPct);
  const passWallMs = (passSpanMs + 1) / speed; // ReplayFeed: pass k starts at epoch + k × (span + 1) / speed
  console.log(
    `recorded ${updates} book updates (${minutes} min of market), replayed at ${speed}× (${(spanMs / speed / 1000).toFixed(0)} s), ` +
      `then ${bursts} burst segments of ${burstS} s (one exchange lifted ${stepPct} % in each, in turn); ` +
      `one pass: ${(passWallMs / 1000).toFixed(1)} s`,
  );
  if (SETTLE_MS + windowS * 1000 > spanMs / speed - 1000)
    throw new Error(`--window ${windowS} does not fit in ${spanMs / speed / 1000} s of market`);
  // The monotonic clock of the engines' CPU profiles, in wall time (one machine: CLOCK_MONOTONIC is shared).
  const monoToWallMs = Date.now() - Number(process.hrtime.bigint()) / 1e6;

  const steadyRows: SteadyRow[] = [];
  const burstRows: BurstRow[] = [];
  const summaries: BurstSummary[] = [];
  try {
    for (const n of engineCounts) {
      const dbUrl = await freshDatabase(adminUrl);
      const engines: EngineProcess[] = [];
      const sql = new pg.Client({ connectionString: dbUrl });
      await sql.connect();
      const env = platformEnv(dbUrl, redis.redisUrl, {
        MARKET_FEED: 'replay',
        REPLAY_FILE: file,
        REPLAY_SPEED: String(speed),
        REPLAY_LOOP: 'true',
        REPLAY_JITTER_MS: '40',
        PAPER_ORDER_LATENCY_MS: String(orderLatencyMs),
      });
      const queues = createQueueFactory({
        databaseUrl: dbUrl,
        redisUrl: redis.redisUrl,
        namespace: env.TRANSPORT_NAMESPACE,
      });
      const executions = queues.queue(QUEUES.executions);
      const profDir = path.join(tmp, `profiles-${n}`);
      if (profile) mkdirSync(profDir);
      const api = await createApiApp(parseApiConfig(env));
      await api.app.listen(0, '127.0.0.1');
      const { port } = api.app.getHttpServer().address() as net.AddressInfo;
      const baseUrl = `http://127.0.0.1:${port}`;
      try {
        const post = async <T>(p: string, body: unknown, token?: string): Promise<T> => {
          const res = await fetch(`${baseUrl}${p}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: JSON.stringify(body),
          });
          if (res.status !== 201) throw new Error(`${p}: ${res.status} ${await res.text()}`);
          return (await res.json()) as T;
        };
        const { token } = await post<{ token: string }>('/api/auth/register', {
          name: 'Bench',
          email: `bench-${randomBytes(4).toString('hex')}@exemplo.com.br`,
          password: 'senha-segura-123',
        });
        const template = await post<{ bot: { id: string } }>(
          '/api/bots',
          {
            name: 'Modelo',
            pairs: ['BTC/USDT'],
            exchanges: ['binance', 'gateio'],
            maxInvestment: 10000,
            minProfitPercent: minProfit,
            riskLevel: 'low',
            active: false,
          },
          token,
        );
        await seedRunningBots(
          (text, values) => sql.query(text, values).then((r) => r.rows as never),
          template.bot.id,
          bots,
          mids,
          pairsPerBot,
        );

        // The engines start together; the market starts for all of them at one instant (and loops).
        const epoch = Date.now() + 20_000;
        engines.push(
          ...(await Promise.all(
            Array.from({ length: n }, (_, i) =>
              startEngineProcess({
                name: `engine-${i + 1}`,
                main: path.join(root, 'engine/dist/main.js'),
                env: { ...process.env, ...env, REPLAY_EPOCH_MS: String(epoch) },
                logDir: tmp,
                ...(profile ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] } : {}),
              }),
            ),
          )),
        );
        const sharedBy = Date.now() + 120_000;
        for (;;) {
          const { owner } = owners(engines);
          if (owner.size >= bots && new Set(owner.values()).size === n) break;
          if (Date.now() > sharedBy) throw new Error(`bots not shared by ${n} engines within 120 s`);
          await sleep(200);
        }
        const sharedAt = Date.now();
        // The first pass whose steady window starts after every bot has had an owner for 3 s.
        let k = 0;
        while (epoch + k * passWallMs + SETTLE_MS < sharedAt + 3_000) k++;
        const passStart = epoch + k * passWallMs;
        const meter = new CpuMeter(
          engines.map((e) => e.child.pid!),
          pgDataDir,
        );

        // ---- steady: the recorded market
        const latencies: number[] = [];
        const socket = io(baseUrl, { transports: ['websocket'], auth: { token } });
        const from = passStart + SETTLE_MS;
        const to = from + windowS * 1000;
        socket.on('scanner:delta', (d: { upserts: { lastSeen: number }[] }) => {
          const t = now();
          if (t < from || t > to) return;
          for (const o of d.upserts) latencies.push(t - o.lastSeen);
        });
        const count = async () =>
          (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM trades WHERE status <> 'pending'`))
            .rows[0]!.n;
        await sleep(from - Date.now());
        meter.start();
        const before = await count();
        await sleep(to - Date.now());
        const after = await count();
        const steadyCpu = meter.stop();
        socket.close();
        latencies.sort((a, b) => a - b);
        steadyRows.push({
          engines: n,
          executionsPerSecond: (after - before) / windowS,
          trades: after - before,
          deltas: latencies.length,
          p50: quantile(latencies, 0.5),
          p99: quantile(latencies, 0.99),
          max: latencies[latencies.length - 1] ?? NaN,
          cpu: steadyCpu,
        });
        console.log(JSON.stringify(steadyRows[steadyRows.length - 1]));

        // ---- bursts: every bot matches at the start of each segment
        const segStart = (j: number) => passStart + (burstFromMs + j * segmentMs) / speed;
        const segWall = segmentMs / speed;
        await sleep(segStart(0) - Date.now());
        meter.start();
        const rates: number[] = [];
        let recordedAll = 0;
        let matchedAll = 0;
        for (let j = 0; j < bursts; j++) {
          const t0 = segStart(j);
          const backlog = await executions.getJobCounts('waiting', 'active', 'delayed');
          const queued = (backlog.waiting ?? 0) + (backlog.active ?? 0) + (backlog.delayed ?? 0);
          // Read the segment's outcomes just before the next one starts (the queue keeps the last 1,000 completed).
          await sleep(t0 + segWall - 500 - Date.now());
          const trades = await sql.query<{ t: number; status: string }>(
            `SELECT extract(epoch FROM executed_at) * 1000 AS t, status FROM trades
              WHERE status <> 'pending' AND executed_at >= to_timestamp($1 / 1000.0) AND executed_at < to_timestamp($2 / 1000.0)`,
            [t0, t0 + segWall],
          );
          const jobs = (await executions.getCompleted(0, 1_999)).filter(
            (job) => job.data.enqueuedAt >= t0 - 100 && job.data.enqueuedAt < t0 + segWall,
          );
          const outcomes: Record<string, number> = {};
          for (const job of jobs) {
            const o = outcomeOf(job.returnvalue);
            outcomes[o] = (outcomes[o] ?? 0) + 1;
          }
          const failedJobs = (await executions.getFailed(0, 999)).filter(
            (job) => job.data.enqueuedAt >= t0 - 100 && job.data.enqueuedAt < t0 + segWall,
          ).length;
          if (failedJobs) outcomes['failed (threw)'] = failedJobs;
          const times = trades.rows.map((r) => Number(r.t) - t0).sort((a, b) => a - b);
          const lastMs = times[times.length - 1] ?? NaN;
          const row: BurstRow = {
            engines: n,
            segment: j + 1,
            recorded: times.length,
            completed: trades.rows.filter((r) => r.status === 'completed').length,
            outcomes,
            queuedBefore: queued,
            firstMs: times[0] ?? NaN,
            p50Ms: quantile(times, 0.5),
            lastMs,
            perSecond: (times.length * 1000) / lastMs,
          };
          burstRows.push(row);
          rates.push(row.perSecond);
          recordedAll += row.recorded;
          matchedAll += jobs.length + failedJobs;
          console.log(JSON.stringify(row));
        }
        const burstCpu = meter.stop();
        const burstEnd = Date.now();
        // A backlog spills over the segments: wait (≤ 20 s) for the queue to empty, then tally every burst job's
        // outcome (the queue keeps the last 1,000 completed: beyond that the tally is of the last 1,000).
        const drainBy = Date.now() + 20_000;
        let left = 0;
        for (;;) {
          const c = await executions.getJobCounts('waiting', 'active', 'delayed');
          left = (c.waiting ?? 0) + (c.active ?? 0) + (c.delayed ?? 0);
          if (left === 0 || Date.now() > drainBy) break;
          await sleep(250);
        }
        const inBursts = (job: { data: { enqueuedAt: number } }) =>
          job.data.enqueuedAt >= segStart(0) - 100 && job.data.enqueuedAt < segStart(bursts);
        const allOutcomes: Record<string, number> = {};
        for (const job of (await executions.getCompleted(0, 1_999)).filter(inBursts)) {
          const o = outcomeOf(job.returnvalue);
          allOutcomes[o] = (allOutcomes[o] ?? 0) + 1;
        }
        const threw = (await executions.getFailed(0, 999)).filter(inBursts).length;
        if (threw) allOutcomes['failed (threw)'] = threw;
        if (left) allOutcomes['still queued after 20 s'] = left;
        const summary: BurstSummary = {
          engines: n,
          perSecond: rates.reduce((a, b) => a + b, 0) / rates.length,
          recorded: recordedAll,
          matched: matchedAll,
          cpu: burstCpu,
          outcomes: allOutcomes,
        };
        summaries.push(summary);
        if (profile) {
          // engines exit on their own once their IPC channel closes: the profile is written at exit
          for (const e of engines) e.child.disconnect();
          await Promise.all(
            engines.map((e) => (exited(e) ? Promise.resolve() : new Promise((r) => e.child.once('exit', r)))),
          );
          const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
          // engine-1 is the first forked: the lowest pid in the profile's name (CPU.<date>.<time>.<pid>.…)
          const pidOf = (f: string) => Number(f.split('.')[3]);
          const mine = files.find((f) => pidOf(f) === engines[0]!.child.pid);
          const shares = (a: number, b: number) =>
            mine
              ? profileShares(path.join(profDir, mine), a, b, monoToWallMs)
              : [`(no profile of engine-1 among ${files.length} files)`];
          summary.profile = { steady: shares(from, to), bursts: shares(segStart(0), burstEnd) };
          console.log(`engine-1, steady window (${n} engine(s)):\n${summary.profile.steady.join('\n')}`);
          console.log(`engine-1, bursts (${n} engine(s)):\n${summary.profile.bursts.join('\n')}`);
        }
      } finally {
        for (const e of engines) if (!exited(e)) e.child.kill('SIGTERM');
        await Promise.all(
          engines.map((e) => (exited(e) ? Promise.resolve() : new Promise((r) => e.child.once('exit', r)))),
        );
        await executions.obliterate({ force: true }).catch(() => undefined); // nothing of this run left in Redis
        await queues.close();
        await api.app.close();
        await sql.end();
        await dropDatabase(adminUrl, dbUrl);
      }
    }
  } finally {
    await stopPostgres();
    if (process.argv.includes('--keep')) console.log(`kept: ${tmp} (recording, engine logs, profiles)`);
    else rmSync(tmp, { recursive: true, force: true });
    report();
  }

  function report(): void {
    const pct = (v: number) => `${v.toFixed(0)} %`;
    const cpuCells = (c: Cpu) =>
      `${c.engines.map(pct).join(' + ')} | ${pct(c.postgres)} | ${pct(c.redis)} | ${pct(c.bench)} | ${c.load.toFixed(1)}`;
    console.log(`\n${command}`);
    console.log(
      `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, Redis transport, ${bots} paper bots ` +
        `(${pairsPerBot} pair(s) and two exchanges each), paper order round trip ${orderLatencyMs} ms; CPU in % of one core (user + system, /proc); "bench" = ` +
        `this process: the api and the browser; load = 1-min load average at the end of the section`,
    );
    console.log('\nSteady: the recorded market (executions bounded by its opportunities)\n');
    console.log(
      '| engines | executions/s | trades in window | opportunities in deltas | book → browser p50 | p99 | max | CPU engines | Postgres | Redis | bench | load |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');
    for (const r of steadyRows)
      console.log(
        `| ${r.engines} | ${r.executionsPerSecond.toFixed(1)} | ${r.trades} | ${r.deltas} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${cpuCells(r.cpu)} |`,
      );
    console.log(
      `\nBursts: every bot on the lifted exchange (2 in 5) matches a new opportunity at the start of each ${burstS}-s segment; executions/s = trades ÷ (last trade − segment start)\n`,
    );
    console.log(
      '| engines | segment | queued before | trades | first / p50 / last ms | executions/s | job outcomes (queue) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of burstRows)
      console.log(
        `| ${r.engines} | ${r.segment} | ${r.queuedBefore} | ${r.recorded} (${r.completed} completed) | ${r.firstMs.toFixed(0)} / ${r.p50Ms.toFixed(0)} / ${r.lastMs.toFixed(0)} | ${r.perSecond.toFixed(0)} | ${Object.entries(
          r.outcomes,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')} |`,
      );
    // CPU time per recorded execution does not depend on how much of the machine the run was given: with the
    // machine to itself, one engine drains at most 1000 / (its ms per execution) executions/s.
    const perTrade = (pctOfCore: number, s: BurstSummary) =>
      s.recorded ? ((pctOfCore / 100) * s.cpu.seconds * 1000) / s.recorded : NaN;
    console.log(
      '\n| engines | executions/s (mean of segments) | trades / jobs | CPU engines | Postgres | Redis | bench | load | CPU ms per trade: engines / Postgres / Redis / bench |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const s of summaries)
      console.log(
        `| ${s.engines} | ${s.perSecond.toFixed(0)} | ${s.recorded} / ${s.matched} | ${cpuCells(s.cpu)} | ` +
          `${[s.cpu.engines.reduce((a, b) => a + b, 0), s.cpu.postgres, s.cpu.redis, s.cpu.bench]
            .map((v) => perTrade(v, s).toFixed(1))
            .join(' / ')} |`,
      );
    for (const s of summaries)
      console.log(
        `burst jobs' outcomes, ${s.engines} engine(s): ${Object.entries(s.outcomes)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    for (const s of summaries)
      if (s.profile)
        console.log(
          `\nengine-1, ${s.engines} engine(s) — steady window:\n${s.profile.steady.join('\n')}\n` +
            `bursts:\n${s.profile.bursts.join('\n')}`,
        );
  }
}

runBench(main);
