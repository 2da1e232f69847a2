/**
 * Scale-out: executions/s and book update → browser latency with 1, 2 and 4 engine processes on the Redis
 * transport (issue 18). One recorded market (simulated, recorded in virtual time) is replayed to every engine at
 * SPEED× its recorded pace, anchored on one shared wall time, with independent receipt jitter per engine; BOTS
 * running paper bots (each on every pair and two exchanges) are shared by the engines through their leases; one
 * signed-in browser (real-time scanner) measures, for every opportunity a scanner:delta brings, arrival − lastSeen
 * (lastSeen: when the publishing engine received the book it last saw the opportunity in; one machine, one clock).
 *
 *   node bench/run.mjs bench/scale-out.ts [--engines 1,2,4] [--bots 300] [--pairs-per-bot 1] [--minutes 4] [--speed 4]
 *                                          [--window 40]
 * The market loops (every pass anchored on the shared epoch); the window starts 10 s after every bot has an owner.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
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
  benchPostgres,
  dropDatabase,
  dynamic,
  freshDatabase,
  now,
  platformEnv,
  quantile,
  root,
  sleep,
} from './support.js';

interface Row {
  engines: number;
  executionsPerSecond: number;
  trades: number;
  deltas: number;
  p50: number;
  p99: number;
  max: number;
}

async function main(): Promise<void> {
  const engineCounts = arg('engines', '1,2,4').split(',').map(Number);
  const bots = Number(arg('bots', '300'));
  const minutes = Number(arg('minutes', '4'));
  const speed = Number(arg('speed', '4'));
  const windowS = Number(arg('window', '40'));
  const pairsPerBot = Number(arg('pairs-per-bot', '1'));
  const argv = process.argv.slice(2).join(' ');
  const command = `node bench/run.mjs bench/scale-out.ts${argv ? ' ' + argv : ''}`;

  const { createApiApp } = (await import(
    dynamic('./api/dist/bootstrap.js')
  )) as typeof import('../api/src/bootstrap.js');
  const { parseApiConfig } = (await import(
    dynamic('./api/dist/config/config.js')
  )) as typeof import('../api/src/config/config.js');
  const pg = ((await import(dynamic('pg'))) as { default: typeof import('pg') }).default;
  const { io } = (await import(dynamic('socket.io-client'))) as typeof import('socket.io-client');

  const [redis] = await benchBackends(['redis']);
  if (!redis) throw new Error('Redis does not answer: this benchmark measures the Redis transport');
  const tmp = mkdtempSync(path.join(tmpdir(), 'arbitra-scale-bench-'));
  const { adminUrl, stop: stopPostgres } = await benchPostgres(tmp);
  const file = path.join(tmp, 'market.jsonl');
  const updates = await recordMarket(file, minutes);
  const mids = firstMids(file);
  const marketWallS = (minutes * 60) / speed;
  console.log(
    `recorded ${updates} book updates (${minutes} min of market), replayed at ${speed}× (${marketWallS} s)`,
  );
  if (windowS + 12 > marketWallS)
    throw new Error(`--window ${windowS} does not fit in ${marketWallS} s of market`);

  const rows: Row[] = [];
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
      });
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
            minProfitPercent: 0.05,
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

        const latencies: number[] = [];
        const socket = io(baseUrl, { transports: ['websocket'], auth: { token } });
        const from = Math.max(Date.now(), epoch) + 10_000;
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
        const before = await count();
        await sleep(to - Date.now());
        const after = await count();
        socket.close();
        latencies.sort((a, b) => a - b);
        rows.push({
          engines: n,
          executionsPerSecond: (after - before) / windowS,
          trades: after - before,
          deltas: latencies.length,
          p50: quantile(latencies, 0.5),
          p99: quantile(latencies, 0.99),
          max: latencies[latencies.length - 1] ?? NaN,
        });
        console.log(JSON.stringify(rows[rows.length - 1]));
      } finally {
        for (const e of engines) e.child.kill('SIGTERM');
        await Promise.all(
          engines.map((e) =>
            e.child.exitCode !== null ? Promise.resolve() : new Promise((r) => e.child.once('exit', r)),
          ),
        );
        await api.app.close();
        await sql.end();
        await dropDatabase(adminUrl, dbUrl);
      }
    }
  } finally {
    await stopPostgres();
    rmSync(tmp, { recursive: true, force: true });
  }

  console.log(`\n${command}`);
  console.log(
    `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, Redis transport, ${bots} paper bots (${pairsPerBot} pair(s) and two exchanges each)`,
  );
  console.log(
    '| engines | executions/s | trades in window | opportunities in deltas | book → browser p50 | p99 | max |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');
  for (const r of rows)
    console.log(
      `| ${r.engines} | ${r.executionsPerSecond.toFixed(1)} | ${r.trades} | ${r.deltas} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} |`,
    );
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
