/**
 * Records market data to a replay file (JSON lines) — `npm run record`.
 *
 *   node engine/dist/market-data/record.js --feed ccxt --out recordings/live.jsonl --duration 600
 *   node engine/dist/market-data/record.js --feed simulated --seed 7 --out /tmp/sim.jsonl --updates 100000
 *
 * Options: --feed simulated|ccxt|replay (default simulated), --out FILE (required), --duration SECONDS,
 * --updates N, --seed N, --exchanges binance,gateio, --symbols BTC/USDT,ETH/USDT, --replay-file FILE.
 * Without --duration or --updates it records until Ctrl+C. Replay it with MARKET_FEED=replay REPLAY_FILE=FILE.
 */
import { pathToFileURL } from 'node:url';
import { isExchangeId, type ExchangeId } from '@arbitra/contracts';
import { createMarketFeed } from './feed-factory.js';
import { recordFeed } from './recorder.js';
import type { MarketFeedKind } from './types.js';

export interface RecordArgs {
  feed: MarketFeedKind;
  out: string;
  durationMs?: number;
  maxUpdates?: number;
  seed?: number;
  exchanges?: ExchangeId[];
  symbols?: string[];
  replayFile?: string;
}

export function parseRecordArgs(argv: readonly string[]): RecordArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`argumento inesperado: ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) values.set(arg.slice(2, eq), arg.slice(eq + 1));
    else values.set(arg.slice(2), argv[++i] ?? '');
  }
  const feed = (values.get('feed') ?? 'simulated') as MarketFeedKind;
  if (!['simulated', 'ccxt', 'replay'].includes(feed)) throw new Error(`--feed inválido: ${feed}`);
  const out = values.get('out');
  if (!out) throw new Error('--out FILE é obrigatório');
  const num = (name: string): number | undefined => {
    const v = values.get(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} inválido: ${v}`);
    return n;
  };
  const exchanges = values.get('exchanges')?.split(',').filter(Boolean);
  for (const e of exchanges ?? []) if (!isExchangeId(e)) throw new Error(`exchange desconhecida: ${e}`);
  const duration = num('duration');
  return {
    feed,
    out,
    durationMs: duration !== undefined ? duration * 1000 : undefined,
    maxUpdates: num('updates'),
    seed: num('seed'),
    exchanges: exchanges as ExchangeId[] | undefined,
    symbols: values.get('symbols')?.split(',').filter(Boolean),
    replayFile: values.get('replay-file'),
  };
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<number> {
  let args: RecordArgs;
  try {
    args = parseRecordArgs(argv);
  } catch (e) {
    console.error(
      `${(e as Error).message}\nuso: record --feed simulated|ccxt|replay --out FILE [--duration S] [--updates N]`,
    );
    return 2;
  }
  const feed = createMarketFeed({
    kind: args.feed,
    seed: args.seed,
    exchanges: args.exchanges,
    symbols: args.symbols,
    replayFile: args.replayFile,
    replaySpeed: 'fast',
  });
  feed.subscribe({
    update: () => undefined,
    state: (s) => console.error(`[record] ${s.exchange}: ${s.status}${s.reason ? ` (${s.reason})` : ''}`),
  });
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  process.once('SIGTERM', () => abort.abort());
  console.error(`[record] gravando ${args.feed} em ${args.out}…`);
  const { updates } = await recordFeed(feed, {
    file: args.out,
    durationMs: args.durationMs,
    maxUpdates: args.maxUpdates,
    signal: abort.signal,
  });
  console.error(`[record] ${updates} atualizações gravadas em ${args.out}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
