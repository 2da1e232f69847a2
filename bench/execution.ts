// Execution latency and throughput of paper bots: a forced dislocation of the simulated market → the bot
// runner's match (all running bots) → the 'executions' queue → the executor (journal, paper orders, ledger
// transaction) → 'trade:new' at the owner's socket.io client, with 1, 100 and 1,000 running paper bots.
//
//   npm run bench:execution
//   node bench/run.mjs bench/execution.ts [--bots 1,100,1000] [--events 200] [--warmup 100] [--bursts 2]
//                                         [--backends postgres,redis] [--users 10] [--probes 1]
//                                         [--topology one|split]
//
// --topology one (the default): the api and ONE engine (MARKET_FEED=simulated) run in this process, built as `npm start` builds them
// (api/dist, engine/dist: `npm run bench:execution` runs `tsc -b` first), joined only through the transport
// (BullMQ + socket adapter on Postgres, or on Redis when REDIS_URL / 127.0.0.1:6379 answers). The owners'
// sockets (socket.io-client, websocket transport, one per user, signed in with the user's JWT) run in a CHILD
// process, as browsers would be elsewhere. Both processes read the same clock (performance.timeOrigin + now()).
// --topology split: as `npm start` runs them, the api is its own process (api/dist/main.js) and the engine runs
// alone in this one (the stage timestamps stay available: they are all the engine's); "event loop busy" is then
// the engine's alone, and the api process's CPU is reported beside it.
//
// Two designs (see bench/README.md):
//  - latency: N running bots, of which ONE (the probe) matches each event. An event lifts BTC/USDT by 2 % on
//    binance or bybit (alternately) through SimulatedFeed.forceDislocation(); the probe (BTC/USDT on binance +
//    bybit, minProfitPercent 1) trades it; the N − 1 "crowd" bots run the same strategy on the same markets
//    but want 3–4.5 % net, so the matcher walks all of them and rejects them. The clock starts right before
//    the dislocated book is handed to the scanner (detection → registry → runner are synchronous from there)
//    and stops when the owner's socket receives 'trade:new' for the probe's execution. The book is restored
//    after each event (the opportunity is removed, so the next one is a new execution).
//  - throughput (burst): ETH/USDT lifted 6 % on binance or bybit (alternately), which every crowd bot (they
//    all trade ETH/USDT too; the probe does not) matches at once: N − 1 executions enqueued together.
//    executions/s = trades recorded / (last 'trade:new' at a socket − dislocation). Jobs older than the
//    executor's age limit (5 s) when picked up are dropped ('expired'): reported, not counted.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  arg,
  benchBackends,
  benchCommand,
  benchPostgres,
  ClientProcess,
  cpuMs,
  dropDatabase,
  dynamic,
  forkApi,
  freshDatabase,
  loadApi,
  now,
  platformEnv,
  printReproduce,
  quantile,
  runBench,
  signUp,
  sleep,
} from './support.js';
import { measureQueueFloor, type QueueFloor } from './queue-floor.js';
import type { ExchangeId, ExecutionJob, Opportunity, Trade } from '@arbitra/contracts';
import type { SimulatedFeed } from '../engine/src/market-data/simulated.feed.js';

/** The latency events' market (the probe's). */
const SYMBOL = 'BTC/USDT';
/** The bursts' market (the crowd's, not the probe's): each population's inventory swings on its own. */
const BURST_SYMBOL = 'ETH/USDT';
const VENUES: readonly [ExchangeId, ExchangeId] = ['binance', 'bybit'];
/** A latency event: +2 % on one venue (net ≈ 1.4–1.8 % after fees and the depth walk). */
const LATENCY_SIZE = 0.02;
/** A burst: +6 % (net ≈ 5.5 %), which every crowd bot matches. */
const BURST_SIZE = 0.06;
/** The probe's net minimum: above the simulated market's own dislocations (≤ 1 % gross), below a 2 % event. */
const PROBE_MIN_PROFIT = 1;
/** The crowd's net minimum: above a 2 % event, below a 6 % burst. */
const CROWD_MIN_PROFIT: readonly [number, number] = [3, 4.5];
const OTHER_PAIRS = ['BNB/USDT', 'ADA/USDT', 'SOL/USDT', 'DOT/USDT', 'LINK/USDT', 'UNI/USDT', 'AVAX/USDT'];
const TARGET_BOTS = 1000;
const TARGET_P99_MS = 30;
const TRADE_NEW = 'trade:new'; // EVENTS.tradeNew

// ---------------------------------------------------------------- client process -------------------------
type ToChild = { type: 'connect'; url: string; tokens: string[] } | { type: 'collect' };
type FromChild =
  | { type: 'up' }
  | { type: 'ready' }
  /** A trade of the probe user (index 0), forwarded at once: the latency loop waits for it. */
  | { type: 'trade'; id: string; botId: string; t: number }
  /** Every 'trade:new' received since the last collect (trade id → arrival). */
  | { type: 'arrivals'; ids: string[]; times: number[] }
  | { type: 'error'; message: string };

async function clientProcess(): Promise<void> {
  const { io } = (await import(dynamic('socket.io-client'))) as typeof import('socket.io-client');
  const send = (m: FromChild) => process.send!(m);
  let ids: string[] = [];
  let times: number[] = [];
  const sockets: ReturnType<typeof io>[] = [];
  process.on('message', (msg: ToChild) => {
    if (msg.type === 'connect') {
      msg.tokens.forEach((token, index) => {
        const s = io(msg.url, {
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
          forceNew: true,
        });
        s.on(TRADE_NEW, (trade: Trade) => {
          const t = now();
          ids.push(trade.id);
          times.push(t);
          if (index === 0) send({ type: 'trade', id: trade.id, botId: trade.botId ?? '', t });
        });
        sockets.push(s);
      });
      const deadline = Date.now() + 30_000;
      const wait = () => {
        if (sockets.every((s) => s.connected)) send({ type: 'ready' });
        else if (Date.now() > deadline)
          send({
            type: 'error',
            message: `${sockets.filter((s) => s.connected).length}/${sockets.length} sockets`,
          });
        else setTimeout(wait, 20);
      };
      wait();
    } else {
      send({ type: 'arrivals', ids, times });
      ids = [];
      times = [];
    }
  });
  send({ type: 'up' });
}

// ---------------------------------------------------------------- helpers ---------------------------------

const sortNum = (xs: Iterable<number>) => [...xs].filter(Number.isFinite).sort((a, b) => a - b);

async function until(test: () => boolean, ms: number, every = 2): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) return false;
    await sleep(every);
  }
  return true;
}

/** mulberry32: the crowd's parameters are the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Wraps a method of a live engine object to timestamp it (the bench's only hooks into the engine, read-only
 * for its behaviour: the original runs with the same arguments and its result is returned unchanged).
 * `onCall` runs before the call and may return a callback for the outcome (result, or error when the returned
 * promise rejects). false: no such method.
 */
function hook(
  target: unknown,
  method: string,
  onCall: (args: unknown[]) => ((result: unknown, error?: unknown) => void) | void,
): boolean {
  const t = target as Record<string, unknown> | undefined;
  const original = t?.[method];
  if (typeof original !== 'function') return false;
  t![method] = function (this: unknown, ...args: unknown[]): unknown {
    const done = onCall(args);
    const out: unknown = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (!done) return out;
    if (out instanceof Promise)
      return out.then(
        (r: unknown) => (done(r), r),
        (e: unknown) => {
          done(undefined, e);
          throw e;
        },
      );
    done(out);
    return out;
  };
  return true;
}

const field = (o: unknown, name: string): unknown => (o as Record<string, unknown> | undefined)?.[name];

/** Engine-side timestamps of one execution (by execution key). */
interface Stamps {
  t0?: number; // the dislocated book handed to the scanner
  matched?: number; // the registry's listeners (the runner's matching of every bot included) done
  add0?: number; // the runner called queue.add (or addBulk)
  add1?: number; // queue.add (addBulk) resolved
  pickup?: number; // the executor's worker called process()
  begin0?: number; // journal insert ('pending' row) called …
  begin1?: number; // … and done
  rec0?: number; // ledger transaction called (orders done) …
  rec1?: number; // … and committed
  emit?: number; // 'trade:new' emitted by the engine
  result?: string; // what process() returned …
  done?: number; // … and when
  errors?: string[]; // attempts that threw (the queue retries them)
  calls?: number; // process() calls: > 1 when the queue delivered the job again
}

interface BotInfo {
  id: string;
  userId: string;
}

interface LatencyRow {
  backend: string;
  bots: number;
  events: number;
  samples: number;
  completed: number;
  failed: number;
  missing: number;
  excluded: number;
  p50: number;
  p99: number;
  max: number;
  commitP50: number;
  commitP99: number;
  rate: number; // executions/s in this N's bursts (NaN: none)
  elu: number; // event loop utilisation of the api + engine process during the events
  stages: { name: string; p50: number; p99: number }[];
}

interface BurstRow {
  backend: string;
  bots: number;
  matched: number;
  completed: number;
  failed: number;
  notRecorded: Record<string, number>;
  drainMs: number;
  jobsDoneMs: number;
  perSecond: number;
  elu: number; // event loop utilisation of the api + engine process (split: the engine's) until the last job was done
  apiCpu: number; // split: CPU of the api process over the same span, in cores (NaN: one process)
  first: number;
  p50: number;
  last: number;
}

// ---------------------------------------------------------------- main ------------------------------------
async function main(): Promise<void> {
  const botCounts = arg('bots', '1,100,1000').split(',').map(Number);
  const events = Number(arg('events', '200'));
  /** Unmeasured events before the first N (JIT, connection pools, caches): a running engine is warm. */
  const warmup = Number(arg('warmup', '100'));
  /** Unmeasured events at the start of every N (after the crowd's start). */
  const phaseWarmup = 5;
  const bursts = Number(arg('bursts', '2'));
  const userCount = Math.max(2, Number(arg('users', '10')));
  const probeCount = Math.max(1, Number(arg('probes', '1')));
  const wantedBackends = arg('backends', 'postgres,redis').split(',');
  const topology = arg('topology', 'one');
  if (topology !== 'one' && topology !== 'split') throw new Error(`--topology one|split, not ${topology}`);
  const command = benchCommand('execution.ts');
  if (botCounts.some((n) => !(n >= probeCount)))
    throw new Error(`every --bots must be ≥ --probes (${probeCount})`);

  const pg = ((await import(dynamic('pg'))) as { default: typeof import('pg') }).default;
  const { createApiApp, parseApiConfig } = await loadApi();
  const { BotCommandsService } = (await import(
    dynamic('./api/dist/modules/bots/bot-commands.service.js')
  )) as typeof import('../api/src/modules/bots/bot-commands.service.js');
  const { createEngine } = (await import(
    dynamic('./engine/dist/bootstrap.js')
  )) as typeof import('../engine/src/bootstrap.js');
  const { parseEngineConfig } = (await import(
    dynamic('./engine/dist/config/config.js')
  )) as typeof import('../engine/src/config/config.js');
  const { ScannerService } = (await import(
    dynamic('./engine/dist/scanner/scanner.service.js')
  )) as typeof import('../engine/src/scanner/scanner.service.js');
  const { BotRunner } = (await import(
    dynamic('./engine/dist/bots/bot-runner.service.js')
  )) as typeof import('../engine/src/bots/bot-runner.service.js');
  const { BotEvents } = (await import(
    dynamic('./engine/dist/execution/bot-events.js')
  )) as typeof import('../engine/src/execution/bot-events.js');
  const { ENGINE_DATA_SOURCE } = (await import(
    dynamic('./engine/dist/database/engine-data-source.js')
  )) as typeof import('../engine/src/database/engine-data-source.js');
  const { ExecutionsProcessor } = (await import(
    dynamic('./engine/dist/execution/executions.processor.js')
  )) as typeof import('../engine/src/execution/executions.processor.js');
  const { QUEUE_FACTORY } = (await import(
    dynamic('./engine/dist/transport/fabric.providers.js')
  )) as typeof import('../engine/src/transport/fabric.providers.js');

  const tmp = mkdtempSync(path.join(tmpdir(), 'arbitra-exec-'));
  const { adminUrl, stop: stopPostgres } = await benchPostgres(tmp);

  const backends = await benchBackends(wantedBackends);

  const latencyRows: LatencyRow[] = [];
  const burstRows: BurstRow[] = [];
  const baselines: string[] = [];
  /** The floor of each backend's job transport (bare add → process), measured in this run (issue 17 §3). */
  const floors = new Map<string, QueueFloor>();
  /** The machine's 1-minute load average when each backend starts and at the end (other work skews figures). */
  const loads: string[] = [];
  try {
    for (const backend of backends) {
      const dbUrl = await freshDatabase(adminUrl);
      const floor = await measureQueueFloor(dbUrl, backend.redisUrl, { events: 200, burst: 1000 });
      floors.set(backend.name, floor);
      console.log(
        `${backend.name}: queue floor (bare add → process) p50 ${floor.p50.toFixed(2)} / p99 ${floor.p99.toFixed(2)} ms; ` +
          `${floor.burstJobs} jobs at once: ${floor.burstPerSecond.toFixed(0)} jobs/s`,
      );
      const env = platformEnv(dbUrl, backend.redisUrl, { MARKET_FEED: 'simulated' });
      // as scripts/test-support/platform.ts startPlatform: one engine, then the api on a random port
      const engine = await createEngine(parseEngineConfig({ ...env, ENGINE_INSTANCE_ID: 'engine-bench' }));
      // one: the api in this process too; split: its own process (api/dist/main.js), as `npm start` runs it
      const api = topology === 'one' ? await createApiApp(parseApiConfig(env)) : undefined;
      const forked = api ? undefined : await forkApi(env);
      let baseUrl = forked?.url ?? '';
      if (api) {
        await api.app.listen(0, '127.0.0.1');
        const { port } = api.app.getHttpServer().address() as net.AddressInfo;
        baseUrl = `http://127.0.0.1:${port}`;
      }
      /** CPU of the api process so far (split), ms. */
      const apiCpu = () => (forked ? cpuMs([forked.pid]) : NaN);
      const scanner = engine.get(ScannerService);
      const feed = scanner.feed as SimulatedFeed;
      const registry = scanner.scanner.registry;
      const runner = engine.get(BotRunner);
      const processor = engine.get(ExecutionsProcessor);
      // The api's own producer of bot commands (split: the same class on the engine's queue factory).
      const commands = api
        ? api.app.get(BotCommandsService)
        : new BotCommandsService(engine.get(QUEUE_FACTORY));
      const sql = new pg.Client({ connectionString: dbUrl });
      await sql.connect();
      const child = new ClientProcess<FromChild, ToChild>();

      // ---- timestamps inside the engine (see hook())
      const stamps = new Map<string, Stamps>();
      const stamp = (key: string): Stamps => {
        let s = stamps.get(key);
        if (!s) stamps.set(key, (s = {}));
        return s;
      };
      const keyByTrade = new Map<string, string>();
      const ledger = field(processor, 'ledger');
      const hooked = {
        add: hook(field(runner, 'executions'), 'add', ([, data]) => {
          const s = stamp((data as ExecutionJob).executionKey);
          s.add0 = now();
          return () => void (s.add1 = now());
        }),
        // the runner adds all the matches of one opportunity at once (a burst)
        addBulk: hook(field(runner, 'executions'), 'addBulk', ([jobs]) => {
          const all = (jobs as { data: ExecutionJob }[]).map((j) => stamp(j.data.executionKey));
          const t = now();
          for (const s of all) s.add0 = t;
          return () => {
            const t1 = now();
            for (const s of all) s.add1 = t1;
          };
        }),
        process: hook(processor, 'process', ([job]) => {
          const s = stamp((job as { data: ExecutionJob }).data.executionKey);
          s.pickup ??= now();
          s.calls = (s.calls ?? 0) + 1;
          return (r, error) => {
            if (error === undefined) {
              // a job delivered again after it was recorded answers 'duplicate': keep the first outcome
              if (!s.result?.startsWith('recorded')) s.result = String(r);
              s.done ??= now();
            } else (s.errors ??= []).push(error instanceof Error ? error.message : JSON.stringify(error));
          };
        }),
        begin: hook(ledger, 'begin', ([p]) => {
          const s = stamp((p as { executionKey: string }).executionKey);
          s.begin0 = now();
          return () => void (s.begin1 = now());
        }),
        record: hook(ledger, 'record', ([r]) => {
          const key = (r as { executionKey: string }).executionKey;
          const s = stamp(key);
          s.rec0 = now();
          return (res) => {
            s.rec1 = now();
            const id = (res as { tradeId?: string | null } | undefined)?.tradeId;
            if (id) keyByTrade.set(id, key);
          };
        }),
        emit: hook(engine.get(BotEvents), 'trade', ([, trade]) => {
          const key = keyByTrade.get((trade as Trade).id);
          if (key) stamp(key).emit = now();
        }),
      };
      const missingHooks = Object.entries(hooked)
        .filter(([, ok]) => !ok)
        .map(([k]) => k);
      if (missingHooks.length) console.log(`(stage timestamps unavailable: ${missingHooks.join(', ')})`);
      // When the registry handed an opportunity to its listeners (ours runs after the runner's: it includes
      // the synchronous matching of every running bot).
      const listened = new Map<string, number>();
      const detach = registry.on({
        added: (o: Opportunity) => void listened.set(`${o.id}:${o.openedAt}`, now()),
      });

      // ---- socket arrivals (trade id → time at the owner's socket)
      const arrivals = new Map<string, number>();
      let probeArrivals: { id: string; botId: string; t: number }[] = [];
      child.onMessage = (m) => {
        if (m.type !== 'trade') return false;
        arrivals.set(m.id, m.t);
        probeArrivals.push(m);
        return true;
      };
      const collect = async (): Promise<void> => {
        const wait = child.next();
        child.send({ type: 'collect' });
        const m = await wait;
        if (m.type !== 'arrivals') throw new Error(`client process: ${JSON.stringify(m)}`);
        m.ids.forEach((id, i) => arrivals.has(id) || arrivals.set(id, m.times[i]!));
      };
      const tradesOf = async (ids: string[]) =>
        new Map(
          (
            await sql.query<{ id: string; execution_key: string; status: string }>(
              `SELECT id, execution_key, status FROM trades WHERE id = ANY($1::uuid[])`,
              [ids],
            )
          ).rows.map((r) => [r.id, r]),
        );

      // Which venue the next event lifts, per market: alternates, so the inventory of the bots that trade it
      // (bought on one venue, sold on the other: a paper trade uses all the USDT or base it can) swings back
      // and forth instead of running out.
      const lifts = new Map<string, number>();
      const nextLift = (symbol: string) => {
        const i = lifts.get(symbol) ?? 0;
        lifts.set(symbol, i + 1);
        const lifted = VENUES[i % 2]!;
        const other = VENUES[(i + 1) % 2]!;
        return { lifted, other, id: `arbitrage:${symbol}:${other}>${lifted}` };
      };

      try {
        // ---- users (the api's register: a trial plan) and their sockets
        const tokens: string[] = [];
        const userIds: string[] = [];
        for (let u = 0; u < userCount; u++) {
          const user = await signUp(baseUrl, `Bench ${u}`);
          tokens.push(user.token);
          userIds.push(user.id);
        }
        let m = await child.next();
        if (m.type !== 'up') throw new Error('client process did not start');
        child.send({ type: 'connect', url: baseUrl, tokens });
        m = await child.next();
        if (m.type !== 'ready') throw new Error(`client process: ${JSON.stringify(m)}`);

        // ---- bots: rows inserted as the api would (paper, running), then one bot command each, as the api
        // sends on start; the engine's runner reloads the row and seeds the paper balances.
        const rand = prng(7);
        const sendStart = async (bots: BotInfo[]) => {
          for (let i = 0; i < bots.length; i += 50)
            await Promise.all(bots.slice(i, i + 50).map((b) => commands.send('start', b.id, b.userId)));
        };
        const insertBots = async (
          count: number,
          kind: 'probe' | 'crowd',
          offset: number,
        ): Promise<BotInfo[]> => {
          const out: BotInfo[] = [];
          for (let i = 0; i < count; i += 500) {
            const values: unknown[] = [];
            const tuples: string[] = [];
            for (let j = i; j < Math.min(count, i + 500); j++) {
              const probe = kind === 'probe';
              const pairs = probe
                ? [SYMBOL]
                : [SYMBOL, BURST_SYMBOL, ...OTHER_PAIRS.filter(() => rand() < 0.3)];
              const risk = probe ? 'high' : (['low', 'medium', 'high'] as const)[Math.floor(rand() * 3)]!;
              const min = probe
                ? PROBE_MIN_PROFIT
                : CROWD_MIN_PROFIT[0] + rand() * (CROWD_MIN_PROFIT[1] - CROWD_MIN_PROFIT[0]);
              const row = [
                probe ? userIds[0]! : userIds[1 + ((offset + j) % (userCount - 1))]!,
                `${probe ? 'Sonda' : 'Multidão'} ${offset + j + 1}`,
                JSON.stringify(pairs),
                JSON.stringify(VENUES),
                risk,
                probe ? 20_000 : 5_000 + Math.round(rand() * 45) * 1_000,
                min.toFixed(2),
              ];
              const b = values.length;
              tuples.push(
                `($${b + 1}, $${b + 2}, 'arbitrage', $${b + 3}::jsonb, $${b + 4}::jsonb, $${b + 5}, $${b + 6}, $${b + 7}, true, 'running', 'paper')`,
              );
              values.push(...row);
            }
            const res = await sql.query<{ id: string; user_id: string }>(
              `INSERT INTO bots (user_id, name, strategy, pairs, exchanges, risk_level, max_investment,
                 min_profit_percent, active, status, mode) VALUES ${tuples.join(', ')} RETURNING id, user_id`,
              values,
            );
            out.push(...res.rows.map((r) => ({ id: r.id, userId: r.user_id })));
          }
          return out;
        };
        const waitRunning = async (n: number, what: string) => {
          if (!(await until(() => runner.running().length === n, 180_000, 20)))
            throw new Error(`${what}: ${runner.running().length} bots running, expected ${n}`);
        };
        // ---- this Postgres while the engine runs (feed, detectors): round trips and commits, from a bare pg
        // client and through the engine's own TypeORM DataSource (what the executor's queries go through)
        const ds = engine.get<unknown, import('typeorm').DataSource>(ENGINE_DATA_SOURCE);
        const timeIt = async (fn: () => Promise<unknown>, times = 100) => {
          const xs: number[] = [];
          for (let i = 0; i < times; i++) {
            const t = now();
            await fn();
            xs.push(now() - t);
          }
          const sorted = sortNum(xs);
          return `p50 ${quantile(sorted, 0.5).toFixed(2)} / p99 ${quantile(sorted, 0.99).toFixed(2)} ms`;
        };
        await sql.query(`CREATE TABLE bench_commit (id serial PRIMARY KEY, v text)`);
        const insert = 'INSERT INTO bench_commit (v) VALUES ($1)';
        const base = [
          `pg SELECT 1 ${await timeIt(() => sql.query('SELECT 1'))}`,
          `pg one-row INSERT (commit) ${await timeIt(() => sql.query(insert, ['x']))}`,
          `TypeORM SELECT 1 ${await timeIt(() => ds.query('SELECT 1'))}`,
          `TypeORM transaction of 9 statements (1 INSERT + 8 SELECT 1) ${await timeIt(() =>
            ds.transaction(async (m) => {
              await m.query(insert, ['x']);
              for (let i = 0; i < 8; i++) await m.query('SELECT 1');
            }),
          )}`,
        ];
        await sql.query('DROP TABLE bench_commit');
        baselines.push(`${backend.name}: ${base.join('; ')}`);
        loads.push(`${backend.name} ${loadavg()[0]!.toFixed(2)}`);
        console.log(baselines[baselines.length - 1]);

        const probes = await insertBots(probeCount, 'probe', 0);
        await sendStart(probes);
        await waitRunning(probeCount, 'probes');
        let crowd = 0;

        for (const n of [...botCounts].sort((a, b) => a - b)) {
          // ---- grow the crowd to n − probes running bots
          const add = n - probeCount - crowd;
          if (add > 0) {
            const t0 = Date.now();
            const added = await insertBots(add, 'crowd', crowd);
            await sendStart(added);
            await waitRunning(probeCount + crowd + add, 'crowd');
            crowd += add;
            // Stop and start the probes (as their owner would), so the runner matches them LAST: each event
            // walks every crowd bot before the probe's job is enqueued.
            const ids = probes.map((p) => p.id);
            await sql.query(`UPDATE bots SET active = false, status = 'stopped' WHERE id = ANY($1::uuid[])`, [
              ids,
            ]);
            await Promise.all(probes.map((p) => commands.send('stop', p.id, p.userId)));
            await until(() => probes.every((p) => !runner.get(p.id)), 30_000, 10);
            await sql.query(`UPDATE bots SET active = true, status = 'running' WHERE id = ANY($1::uuid[])`, [
              ids,
            ]);
            await sendStart(probes);
            await waitRunning(n, 'probes restarted');
            console.log(
              `${backend.name}: ${add} crowd bots started through 'bot-commands' in ${Date.now() - t0} ms`,
            );
            await sleep(500);
          }

          // ---- latency: one probe execution per event
          const probeIds = new Set(probes.map((p) => p.id));
          const samples: { key: string; t0: number }[] = [];
          let undetected = 0;
          let excluded = 0;
          const netPcts: number[] = [];
          const skip = latencyRows.some((r) => r.backend === backend.name) ? phaseWarmup : warmup;
          let elu = performance.eventLoopUtilization();
          for (let e = 0; e < skip + events; e++) {
            if (e === skip) elu = performance.eventLoopUtilization();
            const { lifted, id } = nextLift(SYMBOL);
            // A random dislocation of the simulated market on this very pair (≤ 1 %, fading over 6–20 s) can
            // hold the same opportunity open: the event then updates it (throttled) instead of adding it. Such
            // an event still runs (the probe's inventory alternates) but is not measured.
            const collided = !(await until(() => !registry.get(id), 2_000));
            probeArrivals = [];
            const t0 = now();
            feed.forceDislocation(lifted, SYMBOL, LATENCY_SIZE);
            const o = registry.get(id);
            if (o && e >= skip && !collided) {
              netPcts.push(o.netPct);
              for (const p of probes) {
                const key = `${p.id}:${o.id}:${o.openedAt}`;
                stamp(key).t0 = t0;
                stamp(key).matched = listened.get(`${o.id}:${o.openedAt}`);
                samples.push({ key, t0 });
              }
            } else if (!o && e >= skip) undetected++;
            else if (e >= skip) excluded++;
            if (o)
              await until(
                () => probeArrivals.filter((a) => probeIds.has(a.botId)).length >= probes.length,
                3_000,
                1,
              );
            feed.forceDislocation(lifted, SYMBOL, -LATENCY_SIZE);
            await until(() => !registry.get(id), 1_000);
            await sleep(40); // the executor's last writes and the socket frames settle
          }
          const busy = performance.eventLoopUtilization(elu).utilization;
          await collect();
          const rows = await tradesOf([...arrivals.keys()]);
          const byKey = new Map([...rows.values()].map((r) => [r.execution_key, r]));
          const lat: number[] = [];
          const commit: number[] = [];
          let completed = 0;
          let failed = 0;
          const stageSamples: Record<string, number[]> = {};
          const stage = (name: string, a?: number, b?: number) => {
            if (a !== undefined && b !== undefined) (stageSamples[name] ??= []).push(b - a);
          };
          for (const s of samples) {
            const row = byKey.get(s.key);
            const at = row ? arrivals.get(row.id) : undefined;
            if (!row || at === undefined) continue;
            if (row.status === 'completed') completed++;
            else failed++;
            lat.push(at - s.t0);
            const st = stamps.get(s.key) ?? {};
            if (st.rec1 !== undefined) commit.push(st.rec1 - s.t0);
            stage('detect + match all bots', s.t0, st.matched);
            stage('queue add + worker pickup', st.add0, st.pickup);
            stage('job checks (status, bot, balances)', st.pickup, st.begin0);
            stage('journal insert', st.begin0, st.begin1);
            stage('paper orders', st.begin1, st.rec0);
            stage('ledger transaction', st.rec0, st.rec1);
            stage('balances read + emit', st.rec1, st.emit);
            stage('socket fabric → client', st.emit, at);
          }
          const sorted = sortNum(lat);
          const commits = sortNum(commit);
          const row: LatencyRow = {
            backend: backend.name,
            bots: n,
            events,
            samples: sorted.length,
            completed,
            failed,
            missing: samples.length - sorted.length + undetected,
            excluded,
            p50: quantile(sorted, 0.5),
            p99: quantile(sorted, 0.99),
            max: sorted[sorted.length - 1] ?? NaN,
            commitP50: quantile(commits, 0.5),
            commitP99: quantile(commits, 0.99),
            rate: NaN,
            elu: busy,
            stages: Object.entries(stageSamples).map(([name, xs]) => {
              const s = sortNum(xs);
              return { name, p50: quantile(s, 0.5), p99: quantile(s, 0.99) };
            }),
          };
          latencyRows.push(row);
          const nets = sortNum(netPcts);
          console.log(
            `${backend.name.padEnd(8)} ${String(n).padStart(4)} bots: ${row.samples} samples ` +
              `(${completed} completed, ${failed} failed, ${row.missing} missing, ${excluded} excluded; opportunity net ` +
              `${quantile(nets, 0).toFixed(2)}–${quantile(nets, 1).toFixed(2)} %): p50 ${row.p50.toFixed(2)} ms, ` +
              `p99 ${row.p99.toFixed(2)} ms, max ${row.max.toFixed(2)} ms`,
          );

          // ---- throughput: every crowd bot matches one opportunity at once
          if (n < 100) continue;
          const rates: number[] = [];
          for (let b = 0; b < bursts; b++) {
            const { lifted, id } = nextLift(BURST_SYMBOL);
            await until(() => !registry.get(id), 2_000);
            const matchedBefore = runner.stats.matched;
            const elu = performance.eventLoopUtilization();
            const apiCpu0 = apiCpu();
            const t0 = now();
            feed.forceDislocation(lifted, BURST_SYMBOL, BURST_SIZE, 600_000);
            const o = registry.get(id);
            const matched = runner.stats.matched - matchedBefore;
            if (!o) throw new Error('the burst dislocation was not detected');
            await Promise.resolve(); // the runner sends what this turn matched at its end (BotRunner.send)
            const suffix = `:${o.id}:${o.openedAt}`;
            const keys = [...stamps.keys()].filter((k) => k.endsWith(suffix));
            for (const k of keys) stamp(k).t0 = t0;
            // done when every matched job has an outcome (or nothing moves for 8 s)
            let last = -1;
            let lastChange = Date.now();
            const deadline = Date.now() + 90_000;
            for (;;) {
              const finished = keys.filter((k) => stamps.get(k)?.result !== undefined).length;
              if (finished >= matched) break;
              if (finished !== last) [last, lastChange] = [finished, Date.now()];
              if (Date.now() - lastChange > 8_000 || Date.now() > deadline) break;
              await sleep(20);
            }
            const busy = performance.eventLoopUtilization(elu).utilization;
            const apiBusy = (apiCpu() - apiCpu0) / (now() - t0);
            feed.forceDislocation(lifted, BURST_SYMBOL, -BURST_SIZE, 600_000);
            await sleep(500);
            await collect();
            const recorded = await sql.query<{ id: string; execution_key: string; status: string }>(
              `SELECT id, execution_key, status FROM trades WHERE right(execution_key, $2) = $1`,
              [suffix, suffix.length],
            );
            const times = sortNum(
              recorded.rows
                .map((r) => arrivals.get(r.id))
                .filter((t): t is number => t !== undefined)
                .map((t) => t - t0),
            );
            const jobsDone = sortNum(
              keys.map((k) => stamps.get(k)?.done).filter((t): t is number => t !== undefined),
            );
            const notRecorded: Record<string, number> = {};
            const errors = new Map<string, number>();
            for (const k of keys) {
              for (const e of stamps.get(k)?.errors ?? []) errors.set(e, (errors.get(e) ?? 0) + 1);
              const r = stamps.get(k)?.result ?? 'no outcome';
              if (r.startsWith('recorded')) continue;
              const label = r.replace(/:.*/, '');
              notRecorded[label] = (notRecorded[label] ?? 0) + 1;
            }
            for (const [message, count] of errors)
              console.log(`  ${count} attempt(s) threw (retried by the queue): ${message.slice(0, 160)}`);
            const again = keys.filter((k) => (stamps.get(k)?.calls ?? 0) > 1).length;
            if (again) notRecorded['delivered twice (extra run: duplicate)'] = again;
            const drainMs = times[times.length - 1] ?? NaN;
            const burst: BurstRow = {
              backend: backend.name,
              bots: n,
              matched,
              completed: recorded.rows.filter((r) => r.status === 'completed').length,
              failed: recorded.rows.filter((r) => r.status !== 'completed').length,
              notRecorded,
              drainMs,
              jobsDoneMs: (jobsDone[jobsDone.length - 1] ?? NaN) - t0,
              perSecond: (times.length * 1000) / drainMs,
              elu: busy,
              apiCpu: apiBusy,
              first: times[0] ?? NaN,
              p50: quantile(times, 0.5),
              last: drainMs,
            };
            burstRows.push(burst);
            rates.push(burst.perSecond);
            const nr = Object.entries(notRecorded).map(([k, v]) => `${v} ${k}`);
            console.log(
              `${backend.name.padEnd(8)} ${String(n).padStart(4)} bots, burst ${b + 1}: ${matched} matched, ` +
                `${recorded.rows.length} recorded (${burst.completed} completed)${nr.length ? `, ${nr.join(', ')}` : ''}; ` +
                `drained in ${drainMs.toFixed(0)} ms → ${burst.perSecond.toFixed(0)} executions/s; event loop busy ` +
                `${(busy * 100).toFixed(0)} %${forked ? `, api process CPU ${(apiBusy * 100).toFixed(0)} %` : ''}`,
            );
            await until(() => !registry.get(id), 2_000);
            await sleep(1_000); // the socket frames and the runner's balance refreshes settle
          }
          row.rate = rates.reduce((a, b) => a + b, 0) / rates.length;
        }
      } finally {
        detach();
        child.kill();
        await sql.end();
        if (api) await api.app.close();
        else {
          await commands.onModuleDestroy();
          forked?.stop();
        }
        await engine.close();
        await dropDatabase(adminUrl, dbUrl);
      }
    }
  } finally {
    await stopPostgres();
    rmSync(tmp, { recursive: true, force: true });
  }

  // ---------------------------------------------------------------- report -------------------------------
  const f = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '—');
  console.log('');
  console.log(
    `Execution: forced dislocation → runner match → 'executions' queue → executor (journal, paper orders, ledger) ` +
      `→ 'trade:new' at the owner's socket (${cpus().length} cores, Node ${process.version}; ` +
      `${topology === 'one' ? 'api + engine in one process' : 'topology split: the engine in this process, the api in its own'}, ` +
      `sockets in another). Latency: ${SYMBOL} +${LATENCY_SIZE * 100} %, one probe bot matches each event, ` +
      `the other bots are walked and rejected. executions/s: bursts in which every other bot matches the same ` +
      `opportunity.`,
  );
  console.log('');
  console.log(
    '| backend | bots running | samples | completed / failed | p50 ms | p99 ms | max ms | commit p50 / p99 ms | event loop busy | executions/s (burst) | target |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of latencyRows) {
    const target =
      r.bots === TARGET_BOTS
        ? `p99 ≤ ${TARGET_P99_MS} ms: ${r.p99 <= TARGET_P99_MS ? 'met' : `MISSED by ${f(r.p99 - TARGET_P99_MS)} ms`}`
        : '';
    console.log(
      `| ${r.backend} | ${r.bots} | ${r.samples}${r.missing ? ` (${r.missing} missing)` : ''}` +
        `${r.excluded ? ` (${r.excluded} excluded)` : ''} | ${r.completed} / ${r.failed} | ` +
        `${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${f(r.commitP50)} / ${f(r.commitP99)} | ${f(r.elu * 100, 0)} % | ` +
        `${f(r.rate, 0)} | ${target} |`,
    );
  }
  console.log('');
  console.log(
    'Floor of the job transport, measured in this run (bare queue add → processor that does nothing, same database / Redis), ' +
      "and the ratio of the pipeline's queue stage (add + worker pickup) p99 to it (target ≤ 2×):",
  );
  console.log('');
  console.log(
    '| backend | floor p50 / p99 ms | floor burst jobs/s | bots | queue stage p99 ms | ratio | execution p99 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of latencyRows) {
    const fl = floors.get(r.backend);
    const q = r.stages.find((s) => s.name === 'queue add + worker pickup');
    if (!fl) continue;
    console.log(
      `| ${r.backend} | ${f(fl.p50)} / ${f(fl.p99)} | ${f(fl.burstPerSecond, 0)} | ${r.bots} | ${f(q?.p99 ?? NaN)} | ` +
        `${q ? `${f(q.p99 / fl.p99, 1)}×` : '—'} | ${f(r.p99)} |`,
    );
  }
  console.log('');
  console.log('Where the time goes (latency events; p50 / p99 ms of each stage):');
  console.log('');
  const stageNames = latencyRows[0]?.stages.map((s) => s.name) ?? [];
  console.log(`| backend | bots | ${stageNames.join(' | ')} |`);
  console.log(`|---|---:|${stageNames.map(() => '---:').join('|')}|`);
  for (const r of latencyRows) {
    const cells = stageNames.map((name) => {
      const s = r.stages.find((x) => x.name === name);
      return s ? `${f(s.p50)} / ${f(s.p99)}` : '—';
    });
    console.log(`| ${r.backend} | ${r.bots} | ${cells.join(' | ')} |`);
  }
  if (burstRows.length) {
    console.log('');
    console.log(
      `Bursts (${BURST_SYMBOL} +${BURST_SIZE * 100} %: every crowd bot matches the same opportunity; times from the dislocation, ms):`,
    );
    console.log('');
    console.log(
      '| backend | bots | matched | completed / failed | other outcomes | first trade:new | p50 | last trade:new (drain) | last job done | event loop busy | api process CPU | executions/s |',
    );
    console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const b of burstRows) {
      const nr =
        Object.entries(b.notRecorded)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ') || '0';
      console.log(
        `| ${b.backend} | ${b.bots} | ${b.matched} | ${b.completed} / ${b.failed} | ${nr} | ${f(b.first, 0)} | ` +
          `${f(b.p50, 0)} | ${f(b.drainMs, 0)} | ${f(b.jobsDoneMs, 0)} | ${f(b.elu * 100, 0)} % | ` +
          `${Number.isFinite(b.apiCpu) ? `${f(b.apiCpu * 100, 0)} %` : '—'} | ${f(b.perSecond, 0)} |`,
      );
    }
  }
  console.log('');
  console.log(
    `Postgres round trips while the engine runs (bare pg client, and the engine's TypeORM DataSource): ${baselines.join(' | ')}`,
  );
  console.log(
    `Load average (1 min; ${cpus().length} cores) at the start of each backend and at the end: ` +
      `${loads.join(', ')}, end ${loadavg()[0]!.toFixed(2)}`,
  );
  const missed = latencyRows.filter((r) => r.bots === TARGET_BOTS && !(r.p99 <= TARGET_P99_MS));
  console.log('');
  if (latencyRows.some((r) => r.bots === TARGET_BOTS))
    console.log(
      missed.length
        ? `Target (p99 ≤ ${TARGET_P99_MS} ms with ${TARGET_BOTS} bots): MISSED on ${missed.map((r) => r.backend).join(', ')}`
        : `Target (p99 ≤ ${TARGET_P99_MS} ms with ${TARGET_BOTS} bots): met`,
    );
  printReproduce(command, 'bench:execution');
}

runBench(main, clientProcess);
