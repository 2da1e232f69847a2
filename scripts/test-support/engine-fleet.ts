/**
 * Several engines as separate processes on one replayed market (engine/test/scale-out.test.ts and
 * bench/scale-out.ts): the recording, the paper bots, the engine processes and what they say about their leases.
 * No database client here: callers pass their own `query`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { EXCHANGE_IDS, PAIRS } from '@arbitra/contracts';
import { VirtualScheduler } from '../../engine/src/market-data/clock.js';
import { FeedRecorder } from '../../engine/src/market-data/recorder.js';
import { SimulatedFeed } from '../../engine/src/market-data/simulated.feed.js';

export type Query = <R>(text: string, values?: unknown[]) => Promise<R[]>;

/** A lease change an engine logged ('ownership {…}', OwnershipService). */
export interface OwnershipChange {
  at: number;
  gained: string[];
  lost: string[];
}

export interface EngineProcess {
  name: string;
  child: ChildProcess;
  changes: OwnershipChange[];
  /** When the caller killed it (its leases end there, whatever it logged). */
  killedAt?: number;
}

/**
 * Records a simulated market in virtual time (minutes in a second), as `npm run record` writes a live one; it is
 * then replayed to every engine anchored on one shared wall time (REPLAY_EPOCH_MS), each with its own jitter.
 */
export async function recordMarket(file: string, minutes: number, seed = 7): Promise<number> {
  const scheduler = new VirtualScheduler(Date.now());
  // busy and generous, named here (not taken from 'Normal''s defaults): the fleet tests need plenty of executions
  const feed = new SimulatedFeed({
    seed,
    scheduler,
    dislocationsPerMinute: 30,
    dislocationSize: [0.003, 0.025],
    dislocationDecayMs: [6_000, 20_000],
  });
  const recorder = new FeedRecorder(feed, { file, scheduler });
  await recorder.start();
  await feed.start();
  for (let i = 0; i < minutes * 60; i++) scheduler.advance(1_000);
  await feed.stop();
  return (await recorder.stop()).updates;
}

/** The first mid price of every market of a recording ('exchange|symbol' → mid). */
export function firstMids(file: string): Map<string, number> {
  const mids = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"bids"')) continue;
    const r = JSON.parse(line) as {
      exchange: string;
      symbol: string;
      bids: [number, number][];
      asks: [number, number][];
    };
    const key = `${r.exchange}|${r.symbol}`;
    if (!mids.has(key) && r.bids[0] && r.asks[0]) mids.set(key, (r.bids[0][0] + r.asks[0][0]) / 2);
  }
  return mids;
}

/**
 * `count` running paper bots copied from `templateBotId` (its user and settings), each on `pairsPerBot` pairs and
 * two exchanges, spread evenly over the combinations, with paper balances as a first start seeds them (1000 USDT
 * and 1000 USDT of each pair's base per exchange, at the recording's first prices: the engines start before the
 * replayed market does).
 */
export async function seedRunningBots(
  query: Query,
  templateBotId: string,
  count: number,
  mids: Map<string, number>,
  pairsPerBot = 1,
): Promise<void> {
  const exchangePairs: [string, string][] = [];
  for (let i = 0; i < EXCHANGE_IDS.length; i++)
    for (let j = i + 1; j < EXCHANGE_IDS.length; j++)
      exchangePairs.push([EXCHANGE_IDS[i]!, EXCHANGE_IDS[j]!]);
  const bots: { pairs: string[]; exchanges: [string, string] }[] = [];
  for (let g = 0; g < count; g++) {
    const first = Math.floor(g / exchangePairs.length) % PAIRS.length;
    const pairs = Array.from({ length: pairsPerBot }, (_, k) => PAIRS[(first + k) % PAIRS.length]!);
    bots.push({ pairs, exchanges: exchangePairs[g % exchangePairs.length]! });
  }
  const cols = (
    await query<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns
        WHERE table_name = 'bots' AND column_name NOT IN ('id', 'name', 'pairs', 'exchanges', 'active', 'status')`,
    )
  ).map((r) => `"${r.c}"`);
  const ids = await query<{ id: string; pairs: string[]; exchanges: string[] }>(
    `INSERT INTO bots (name, pairs, exchanges, active, status, ${cols.join(', ')})
     SELECT 'Escala ' || t.i, t.p::jsonb, t.e::jsonb, true, 'running', ${cols.map((c) => `b.${c}`).join(', ')}
       FROM bots b, unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(p, e, i) WHERE b.id = $1
     RETURNING id, pairs, exchanges`,
    [templateBotId, bots.map((b) => JSON.stringify(b.pairs)), bots.map((b) => JSON.stringify(b.exchanges))],
  );
  const rows: string[][] = [];
  for (const b of ids)
    for (const ex of b.exchanges) {
      rows.push([b.id, ex, 'USDT', '1000']);
      for (const pair of b.pairs) {
        const mid = mids.get(`${ex}|${pair}`);
        if (mid) rows.push([b.id, ex, pair.split('/')[0]!, (1000 / mid).toFixed(8)]);
      }
    }
  await query(
    `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial)
     SELECT b, e, a, m::numeric, m::numeric FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS t(b, e, a, m)`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
  );
}

/**
 * Starts `engine/dist/main.js` as a process (resolves when it is ready), logging to `<logDir>/<name>.log` and
 * collecting its lease changes.
 */
export async function startEngineProcess(options: {
  name: string;
  main: string;
  env: Record<string, string | undefined>;
  logDir: string;
  /** Node options of the process (e.g. --cpu-prof, which NODE_OPTIONS does not take). */
  execArgv?: string[];
}): Promise<EngineProcess> {
  const { name } = options;
  const child = fork(options.main, [], {
    env: { ...options.env, ENGINE_INSTANCE_ID: name, LOG_LEVEL: 'info', NO_COLOR: '1' },
    ...(options.execArgv ? { execArgv: options.execArgv } : {}),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const proc: EngineProcess = { name, child, changes: [] };
  const log = createWriteStream(path.join(options.logDir, `${name}.log`));
  child.stderr!.pipe(log);
  let buffer = '';
  child.stdout!.on('data', (d: Buffer) => {
    log.write(d);
    buffer += d.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) {
      const m = /ownership (\{.*\})/.exec(line);
      if (m) proc.changes.push(JSON.parse(m[1]!) as OwnershipChange);
    }
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) =>
      reject(new Error(`engine ${name} exited (${code}); see ${options.logDir}/${name}.log`)),
    );
  });
  return proc;
}

/** The bots an engine holds now, from its log. */
export function ownedBy(e: EngineProcess): Set<string> {
  const set = new Set<string>();
  for (const c of e.changes) {
    for (const b of c.gained) set.add(b);
    for (const b of c.lost) set.delete(b);
  }
  return set;
}

/**
 * Replays every engine's lease changes in time order (one machine, one clock): each bot's owner now, and every
 * instant a bot was held by two engines at once (a kill ends the victim's leases at that instant).
 */
export function owners(engines: readonly EngineProcess[]): {
  owner: Map<string, string>;
  overlaps: string[];
} {
  const events = engines.flatMap((e) => [
    ...e.changes.map((c) => ({ ...c, engine: e.name })),
    ...(e.killedAt !== undefined
      ? [{ at: e.killedAt, gained: [] as string[], lost: ['*'], engine: e.name }]
      : []),
  ]);
  events.sort((a, b) => a.at - b.at || a.gained.length - b.gained.length); // at the same ms, releases first
  const owner = new Map<string, string>();
  const overlaps: string[] = [];
  for (const ev of events) {
    for (const bot of ev.lost) {
      if (bot === '*') {
        for (const [b, o] of owner) if (o === ev.engine) owner.delete(b);
      } else if (owner.get(bot) === ev.engine) owner.delete(bot);
    }
    for (const bot of ev.gained) {
      const held = owner.get(bot);
      if (held && held !== ev.engine) overlaps.push(`${bot}: ${held} e ${ev.engine} em ${ev.at}`);
      owner.set(bot, ev.engine);
    }
  }
  return { owner, overlaps };
}
