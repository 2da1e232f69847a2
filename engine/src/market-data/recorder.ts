import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Scheduler } from './clock.js';
import { realScheduler } from './clock.js';
import { REPLAY_FORMAT_VERSION, type ReplayMeta } from './replay-format.js';
import { marketOfStamp, SAME_TIME } from './market-clock.js';
import type { MarketFeed } from './types.js';

export interface RecorderOptions {
  /** Output file (JSON lines, see replay-format.ts); its folder is created. */
  file: string;
  scheduler?: Scheduler;
  /** Write at most this many book updates (later ones are ignored). */
  maxUpdates?: number;
}

/**
 * Writes everything a feed yields (markets, states, books) to a replay file, in the market's own time (a replay
 * fast-forwarded is recorded at its market's pace, MarketClock: a backtest over the recording lives the delays a
 * paper bot lived in market time). Subscribe before starting the feed to capture its first books.
 */
export class FeedRecorder {
  private out: WriteStream | null = null;
  private unsubscribe: (() => void) | null = null;
  private written = 0;
  private failure: Error | null = null;

  constructor(
    private readonly feed: MarketFeed,
    private readonly options: RecorderOptions,
  ) {}

  /** Book updates written so far. */
  get updates(): number {
    return this.written;
  }

  async start(): Promise<void> {
    await mkdir(dirname(this.options.file), { recursive: true });
    const out = createWriteStream(this.options.file, { encoding: 'utf8' });
    out.on('error', (e) => (this.failure = e));
    this.out = out;
    const meta: ReplayMeta = {
      type: 'meta',
      version: REPLAY_FORMAT_VERSION,
      source: this.feed.kind,
      simulated: this.feed.simulated,
      recordedAt: new Date((this.options.scheduler ?? realScheduler).now()).toISOString(),
    };
    this.write(meta);
    const known = this.feed.markets();
    if (known.length > 0) this.write({ type: 'markets', markets: known });
    const market = this.feed.marketClock ?? SAME_TIME;
    this.unsubscribe = this.feed.subscribe({
      update: (u) => {
        if (this.options.maxUpdates !== undefined && this.written >= this.options.maxUpdates) return;
        this.write({
          type: 'book',
          exchange: u.exchange,
          symbol: u.symbol,
          bids: u.bids,
          asks: u.asks,
          exchangeTs: marketOfStamp(market, u.exchangeTs),
          receivedTs: marketOfStamp(market, u.receivedTs),
        });
        this.written++;
      },
      markets: (markets) => this.write({ type: 'markets', markets }),
      state: (s) => this.write({ type: 'state', ...s }),
    });
  }

  /** Stops recording and closes the file. */
  async stop(): Promise<{ updates: number }> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    const out = this.out;
    this.out = null;
    if (out) await new Promise<void>((resolve) => out.end(resolve));
    if (this.failure) throw this.failure;
    return { updates: this.written };
  }

  private write(record: object): void {
    this.out?.write(JSON.stringify(record) + '\n');
  }
}

export interface RecordFeedOptions extends RecorderOptions {
  /** Stop after this much time (scheduler time). */
  durationMs?: number;
  /** Stop after this many book updates. */
  maxUpdates?: number;
  /** Stop when this signal aborts (e.g. Ctrl+C). */
  signal?: AbortSignal;
}

/**
 * Records a feed to a file: subscribes, starts the feed, waits for the duration / count / abort (or the
 * end of a replay), stops the feed and closes the file. The function behind `npm run record`.
 */
export async function recordFeed(feed: MarketFeed, options: RecordFeedOptions): Promise<{ updates: number }> {
  const scheduler = options.scheduler ?? realScheduler;
  const recorder = new FeedRecorder(feed, options);
  await recorder.start();
  await new Promise<void>((resolve) => {
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      timer?.cancel();
      stopCount();
      options.signal?.removeEventListener('abort', finish);
      resolve();
    };
    const timer = options.durationMs !== undefined ? scheduler.schedule(options.durationMs, finish) : null;
    const stopCount = feed.subscribe({
      update: () => {
        if (options.maxUpdates !== undefined && recorder.updates >= options.maxUpdates) finish();
      },
    });
    if (options.signal?.aborted) finish();
    options.signal?.addEventListener('abort', finish);
    // a feed that ends by itself (a replay) ends the recording
    const finished = (feed as { finished?: Promise<unknown> }).finished;
    if (finished instanceof Promise) void finished.then(finish);
    void feed.start();
  });
  await feed.stop();
  return recorder.stop();
}
