// Socket soak: 1,000 Socket.IO clients signed in (100 users × 10 sockets) for 10 minutes while paper bots trade,
// with the resident memory of the api and the engine sampled every 10 s (trend by least squares, MB/min), every
// socket's public stream watched (scanner:snapshot every 3 s: a socket silent for 15 s counts as a dropped
// subscription), disconnections counted and the owners' trade:new events counted against the trades recorded.
//
//   npm run bench:socket-soak
//   node bench/run.mjs bench/socket-soak.ts [--sockets 1000] [--users 100] [--minutes 10] [--bots 20]
//
// The api and one engine (simulated market) run as their own processes (dist, as `npm start`); the clients run
// in this process (websocket transport). Postgres: DATABASE_URL, or an embedded one; the Postgres transport.
import { tradeEverythingBot } from '../scripts/test-support/bots.js';
import {
  dynamic,
  http,
  machine,
  numberArg,
  rssMb,
  runBench,
  signUp,
  slope,
  sleep,
  withForkedPlatform,
} from './support.js';

const SOCKETS = numberArg('sockets', 1000);
const USERS = numberArg('users', 100);
const MINUTES = numberArg('minutes', 10);
const BOTS = numberArg('bots', 20);
const SAMPLE_MS = 10_000;
const SILENT_AFTER_MS = 15_000;

async function main(): Promise<void> {
  const { io } = (await import(dynamic('socket.io-client'))) as typeof import('socket.io-client');
  await withForkedPlatform('soak', async ({ platform, sql }) => {
    const sockets: import('socket.io-client').Socket[] = [];
    try {
      const users: { id: string; token: string }[] = [];
      for (let i = 0; i < USERS; i++) users.push(await signUp(platform.baseUrl, `Soak ${i}`));
      // The first BOTS users each run a paper bot on every pair and exchange.
      for (let i = 0; i < Math.min(BOTS, USERS); i++) {
        const r = await http(
          platform.baseUrl,
          'POST',
          '/api/bots',
          tradeEverythingBot(`Soak ${i}`),
          users[i]!.token,
        );
        if (r.status !== 201) throw new Error(`bot: ${r.status} ${JSON.stringify(r.body)}`);
      }
      const lastEvent: number[] = [];
      let disconnects = 0;
      let tradeEvents = 0;
      let connected = 0;
      const t0 = Date.now();
      // Connected in batches of 50, each batch waited for (a shared, busy machine must not turn the ramp into a
      // storm of handshake timeouts and reconnections).
      for (let i = 0; i < SOCKETS; i++) {
        const s = io(platform.baseUrl, {
          transports: ['websocket'],
          auth: { token: users[i % USERS]!.token },
          reconnection: true,
          timeout: 60_000,
        });
        lastEvent[i] = Date.now();
        s.on('scanner:snapshot', () => (lastEvent[i] = Date.now()));
        s.on('trade:new', () => tradeEvents++);
        s.on('disconnect', () => disconnects++);
        s.once('connect', () => connected++);
        sockets.push(s);
        if (i % 50 === 49) {
          const batchEnd = i + 1;
          const since = Date.now();
          while (connected < batchEnd && Date.now() - since < 60_000) await sleep(100);
        }
      }
      while (connected < SOCKETS && Date.now() - t0 < 300_000) await sleep(200);
      console.log(`${connected}/${SOCKETS} sockets connected in ${Date.now() - t0} ms`);
      for (let i = 0; i < SOCKETS; i++) lastEvent[i] = Date.now();
      const [{ n: tradesBefore }] = (
        await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM trades WHERE status <> 'pending'`)
      ).rows as [{ n: number }];
      const tradeEventsBefore = tradeEvents;

      const samples: { at: number; api: number; engine: number; silent: number }[] = [];
      let maxSilent = 0;
      const start = Date.now();
      console.log('| t (s) | api RSS MB | engine RSS MB | silent sockets | disconnects | trade:new |');
      console.log('|---|---|---|---|---|---|');
      while (Date.now() - start < MINUTES * 60_000) {
        await sleep(SAMPLE_MS);
        const now = Date.now();
        const silent = lastEvent.filter((t) => now - t > SILENT_AFTER_MS).length;
        maxSilent = Math.max(maxSilent, silent);
        const sample = {
          at: (now - start) / 1000,
          api: await rssMb(platform.apiPid),
          engine: await rssMb(platform.enginePid),
          silent,
        };
        samples.push(sample);
        console.log(
          `| ${sample.at.toFixed(0)} | ${sample.api.toFixed(0)} | ${sample.engine.toFixed(0)} | ${silent} | ${disconnects} | ${tradeEvents - tradeEventsBefore} |`,
        );
      }
      const [{ n: tradesAfter }] = (
        await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM trades WHERE status <> 'pending'`)
      ).rows as [{ n: number }];
      // The second half's trend: the first minutes include warm-up (JIT, caches, pools).
      const half = samples.slice(Math.floor(samples.length / 2));
      const trend = (k: 'api' | 'engine') => slope(half.map((s) => [s.at / 60, s[k]]));
      const first = samples[0]!;
      const last = samples.at(-1)!;
      console.log(
        `\n${SOCKETS} sockets (${USERS} users), ${BOTS} running paper bots, ${MINUTES} min` +
          ` (${machine()})`,
      );
      console.log(
        `api RSS ${first.api.toFixed(0)} → ${last.api.toFixed(0)} MB; second-half trend ${trend('api').toFixed(2)} MB/min`,
      );
      console.log(
        `engine RSS ${first.engine.toFixed(0)} → ${last.engine.toFixed(0)} MB; second-half trend ${trend('engine').toFixed(2)} MB/min`,
      );
      console.log(
        `disconnections ${disconnects}; most sockets silent > ${SILENT_AFTER_MS / 1000} s at once: ${maxSilent}`,
      );
      // Each trade reaches its owner's 10 sockets.
      console.log(
        `trades recorded during the soak ${tradesAfter - tradesBefore}; trade:new received ${tradeEvents - tradeEventsBefore}` +
          ` (expected ${(tradesAfter - tradesBefore) * (SOCKETS / USERS)} = trades × ${SOCKETS / USERS} sockets per owner, ± the edges)`,
      );
    } finally {
      for (const s of sockets) s.close();
    }
  });
}

runBench(main);
