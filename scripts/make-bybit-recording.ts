// Converts the real Bybit spot session of the cryptofeed project (bmoscon/cryptofeed, branch v3, commit 57d5f18,
// sample_data/BYBIT.jsonl.zst, recorded 2026-08-09 21:26 UTC; licence in data/recordings/LICENSE) into the replay
// format: BTC/USDT and ETH/USDT books as Bybit's v5 public spot stream sent them (one snapshot, then deltas:
// a level with amount 0 is removed, any other replaces the level), the top 20 levels a side after each message,
// stamped with the time the message was received in the recording (receivedTs) and Bybit's own time (exchangeTs).
// Market precision comes from the instruments-info answer recorded in the same session.
//
//   unzstd -o /tmp/BYBIT.jsonl BYBIT.jsonl.zst   # the file from the cryptofeed repository
//   BYBIT_CRYPTOFEED_JSONL=/tmp/BYBIT.jsonl node bench/run.mjs scripts/make-bybit-recording.ts
//
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateBookUpdate } from '../engine/src/market-data/validation.js';
import { REPLAY_FORMAT_VERSION } from '../engine/src/market-data/replay-format.js';
import type { BookUpdate, MarketSpec, PriceLevel } from '../engine/src/market-data/types.js';

const source = process.env.BYBIT_CRYPTOFEED_JSONL;
if (!source) throw new Error('BYBIT_CRYPTOFEED_JSONL: the unpacked cryptofeed BYBIT.jsonl');
const out = resolve(process.cwd(), 'data/recordings/bybit-2026-08-09-cryptofeed.jsonl');
const SPOT_WS = 'wss://stream.bybit.com/v5/public/spot';
const SYMBOLS: Record<string, string> = { BTCUSDT: 'BTC/USDT', ETHUSDT: 'ETH/USDT' };
const DEPTH = 20;

interface CfRecord {
  t: string;
  conn?: string;
  ts?: number;
  url?: string;
  addr?: string;
  data?: string;
}
interface Instrument {
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  lotSizeFilter: { basePrecision: string; minOrderQty: string; minOrderAmt: string };
  priceFilter: { tickSize: string };
}
interface BookMessage {
  topic?: string;
  type?: 'snapshot' | 'delta';
  ts?: number;
  data?: { s: string; b: [string, string][]; a: [string, string][] };
}

const records = readFileSync(source, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as CfRecord);
const spotConn = records.find((r) => r.t === 'connect' && r.addr === SPOT_WS)?.conn;
const instruments = records.find((r) => r.t === 'http' && r.url?.includes('category=spot'));
if (!spotConn || !instruments?.data) throw new Error('no Bybit spot session in this file');

const specs: MarketSpec[] = (JSON.parse(instruments.data) as { result: { list: Instrument[] } }).result.list
  .filter((i) => SYMBOLS[i.symbol])
  .map((i) => ({
    exchange: 'bybit',
    symbol: SYMBOLS[i.symbol]!,
    base: i.baseCoin,
    quote: i.quoteCoin,
    tickSize: Number(i.priceFilter.tickSize),
    amountStep: Number(i.lotSizeFilter.basePrecision),
    minAmount: Number(i.lotSizeFilter.minOrderQty),
    minNotional: Number(i.lotSizeFilter.minOrderAmt),
  }));

const books = new Map<string, { bids: Map<number, number>; asks: Map<number, number> }>();
const apply = (side: Map<number, number>, levels: [string, string][]) => {
  for (const [p, a] of levels) {
    const amount = Number(a);
    if (amount === 0) side.delete(Number(p));
    else side.set(Number(p), amount);
  }
};
const top = (side: Map<number, number>, descending: boolean): PriceLevel[] =>
  [...side.entries()].sort((x, y) => (descending ? y[0] - x[0] : x[0] - y[0])).slice(0, DEPTH);

const lines: string[] = [];
let first = Infinity;
for (const r of records) {
  if (r.t !== 'recv' || r.conn !== spotConn || !r.data || r.ts === undefined) continue;
  const m = JSON.parse(r.data) as BookMessage;
  if (!m.topic?.startsWith('orderbook.') || !m.data || !SYMBOLS[m.data.s]) continue;
  const symbol = SYMBOLS[m.data.s]!;
  if (m.type === 'snapshot') books.set(symbol, { bids: new Map(), asks: new Map() });
  const book = books.get(symbol);
  if (!book) continue; // a delta before its snapshot
  apply(book.bids, m.data.b);
  apply(book.asks, m.data.a);
  const receivedTs = Math.round(r.ts * 1000);
  first = Math.min(first, receivedTs);
  const update: BookUpdate = {
    exchange: 'bybit',
    symbol,
    bids: top(book.bids, true),
    asks: top(book.asks, false),
    exchangeTs: m.ts ?? receivedTs,
    receivedTs,
  };
  const problem = validateBookUpdate(update);
  if (problem) throw new Error(`${symbol} at ${receivedTs}: ${String(problem)}`);
  lines.push(JSON.stringify({ type: 'book', ...update }));
}
const meta = {
  type: 'meta',
  version: REPLAY_FORMAT_VERSION,
  source: 'cryptofeed',
  simulated: false,
  recordedAt: new Date(first).toISOString(),
};
writeFileSync(
  out,
  [JSON.stringify(meta), JSON.stringify({ type: 'markets', markets: specs }), ...lines].join('\n') + '\n',
);
console.log(`${out}: ${lines.length} books of ${specs.map((s) => s.symbol).join(', ')}`);
