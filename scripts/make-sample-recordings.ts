// Converts the recorded exchange traffic shipped for tests (engine/test/fixtures/recorded: real Binance and Gate.io
// sessions from the cryptofeed project, MIT-style licence beside them) into replay files under data/recordings,
// through the engine's own ccxt feed (ccxt's parsers and order-book sync) and recorder. Each book is stamped with
// the time it was received in the recording:
//
//   RECORDED_FIXTURES_DIR=engine/test/fixtures/recorded node bench/run.mjs scripts/make-sample-recordings.ts
//
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { CcxtFeed } from '../engine/src/market-data/ccxt.feed.js';
import { VirtualScheduler } from '../engine/src/market-data/clock.js';
import { FeedRecorder } from '../engine/src/market-data/recorder.js';
import {
  readWsRecords,
  recordedBinance,
  recordedGate,
} from '../engine/src/market-data/testing/recorded-venue.js';

const root = process.cwd(); // bench/run.mjs runs the bundle from the repository root
const outDir = resolve(root, 'data/recordings');
mkdirSync(outDir, { recursive: true });

const tick = () => new Promise((r) => setImmediate(r));

interface Conversion {
  make: typeof recordedBinance;
  exchange: 'binance' | 'gateio';
  symbols: string[];
  wsFile: string;
  out: string;
}

async function convert({ make, exchange, symbols, wsFile, out }: Conversion): Promise<void> {
  const { venue, exchange: client } = make();
  const messages = readWsRecords(wsFile);
  const clock = new VirtualScheduler(Math.floor(messages[0]!.receivedTs) - 1_000);
  const feed = new CcxtFeed({
    scheduler: clock,
    exchanges: [exchange],
    symbols,
    depth: 20,
    createExchange: async () => client,
    backoff: { initialMs: 5, maxMs: 20 },
  });
  const recorder = new FeedRecorder(feed, { file: resolve(outDir, out), scheduler: clock });
  await recorder.start();
  await feed.start();
  for (let i = 0; venue.subscriptions() === 0 && i < 5_000; i++) await tick();
  for (const m of messages) {
    clock.advanceTo(m.receivedTs);
    venue.push(m.data);
    await tick();
  }
  for (let i = 0; i < 50; i++) await tick();
  const { updates } = await recorder.stop();
  await feed.stop();
  console.log(`${out}: ${updates} books`);
}

await convert({
  make: recordedBinance,
  exchange: 'binance',
  symbols: ['NKN/USDT', 'LRC/BTC'],
  wsFile: 'BINANCE.ws.1.0',
  out: 'binance-2021-10-12-cryptofeed.jsonl',
});
await convert({
  make: recordedGate,
  exchange: 'gateio',
  symbols: ['NEO/BTC', 'OMG/USDT'],
  wsFile: 'GATEIO.ws.1.0',
  out: 'gateio-2021-04-22-cryptofeed.jsonl',
});
process.exit(0);
