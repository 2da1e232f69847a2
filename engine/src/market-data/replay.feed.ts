import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { EXCHANGE_IDS, isExchangeId, type ExchangeId } from '@arbitra/contracts';
import { realScheduler, type Scheduler } from './clock.js';
import { FeedBase } from './feed-base.js';
import { parseReplayLine, type ReplayMeta } from './replay-format.js';
import { fastForwardClock, PacedMarketClock, SAME_TIME } from './market-clock.js';
import type { BookUpdate, MarketClock } from './types.js';

export type ReplaySpeed = 'recorded' | 'fast' | number;

export interface ReplayFeedOptions {
  /** JSON-lines file written by the recorder (see replay-format.ts). */
  file: string;
  /** 'recorded' (default): same pace as recorded; a number: that many times faster; 'fast': no waiting. */
  speed?: ReplaySpeed;
  /** Start again at the end of the file (time keeps moving forward). Default false. */
  loop?: boolean;
  /**
   * Shift timestamps to the present (default true): receivedTs becomes the replay time of each update and
   * exchangeTs keeps its recorded distance to it, so staleness and ages behave as if live.
   */
  rebase?: boolean;
  scheduler?: Scheduler;
  /** Only these exchanges (default: all). */
  exchanges?: readonly ExchangeId[];
  /**
   * Anchor the replay on this wall time (ms since the epoch) instead of the start: several engines given the same
   * epoch replay one market, with the same exchange timestamps, as engines reading one live exchange do. Records
   * already more than a second overdue at start are skipped (a late engine joins the market where it is).
   */
  epochMs?: number;
  /**
   * Receipt jitter: each update reaches the scanner after a random 0..jitterMs delay of this process's own (per
   * exchange, order kept), as live connections deliver. Default 0.
   */
  jitterMs?: number;
  /**
   * The market of the engine that reads it (ignored with an epoch or jitter): fast-forwarded, it runs only as fast as
   * the engine keeps up (PacedMarketClock). Default false: that many times faster than this process, whatever it does.
   */
  paced?: boolean;
  /** A hold on a paced market (PacedMarketClock) never released: told, then let go. */
  onStuck?: (key: string) => void;
}

export interface ReplayResult {
  updates: number;
  malformed: number;
  passes: number;
}

/** Replays a recorded file of book updates, at recorded speed or as fast as possible. */
export class ReplayFeed extends FeedBase {
  readonly kind = 'replay' as const;
  /** From the file's meta line; true until read (the safe side for the 'Dados simulados' badge). */
  simulated = true;
  meta: ReplayMeta | null = null;
  private readonly scheduler: Scheduler;
  private readonly speed: ReplaySpeed;
  private readonly loop: boolean;
  private readonly rebase: boolean;
  private readonly allowed: ReadonlySet<ExchangeId>;
  private running = false;
  private closeCurrent: (() => void) | null = null;
  private readonly seen = new Set<ExchangeId>();
  private lastExchangeTs = new Map<string, number>();
  private previousPassLast = new Map<string, number>();
  private resolveFinished!: (r: ReplayResult) => void;
  /** Resolves when the replay ends (end of file without loop, stop(), or a missing file). */
  readonly finished: Promise<ReplayResult>;
  private result: ReplayResult = { updates: 0, malformed: 0, passes: 0 };
  private readonly lastDelivery = new Map<string, number>();
  private readonly inFlight = new Set<NodeJS.Timeout>();
  /** Where market time and this process's time meet (the epoch, else the first record's due time). */
  private anchor: number | null = null;
  /**
   * A replay `speed`× faster than recorded: one engine's (`paced`, no epoch, no jitter) runs on a PacedMarketClock, its
   * market never ahead of the engine (each book handed over at its recorded market time, the market standing still
   * while the engine works on it); several engines' on one epoch run that much market per ms of this process from
   * the anchor (fastForwardClock). Its books carry this process's time (rebased), a paced replay's market time.
   */
  readonly marketClock: MarketClock;
  private readonly paced: PacedMarketClock | null;
  /** Paced: the market time of the record being handed over. */
  private due = 0;
  private stopping: Promise<void> = new Promise(() => undefined);
  private stopNow: () => void = () => undefined;

  constructor(private readonly options: ReplayFeedOptions) {
    const scheduler = options.scheduler ?? realScheduler;
    const exchanges = options.exchanges ?? EXCHANGE_IDS;
    super(exchanges, scheduler);
    this.scheduler = scheduler;
    this.speed = options.speed ?? 'recorded';
    this.loop = options.loop ?? false;
    this.rebase = options.rebase ?? true;
    this.allowed = new Set(exchanges);
    this.finished = new Promise((r) => (this.resolveFinished = r));
    const speed = typeof this.speed === 'number' && this.rebase ? this.speed : 1;
    this.paced =
      options.paced &&
      speed > 1 &&
      options.epochMs === undefined &&
      !(options.jitterMs && options.jitterMs > 0)
        ? new PacedMarketClock(speed, options.onStuck)
        : null;
    this.marketClock = this.paced ?? (speed === 1 ? SAME_TIME : fastForwardClock(speed, () => this.anchor));
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.stopping = new Promise((r) => (this.stopNow = r));
    try {
      await access(this.options.file);
    } catch {
      for (const ex of this.exchanges)
        this.setState(ex, 'down', `Arquivo de replay não encontrado: ${this.options.file}`);
      this.running = false;
      this.resolveFinished(this.result);
      return;
    }
    void this.run();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopNow();
    this.wakeAll();
    this.closeCurrent?.();
    for (const t of this.inFlight) clearTimeout(t);
    this.inFlight.clear();
    await this.finished;
    for (const ex of this.exchanges) this.setState(ex, 'down', 'Feed parado');
  }

  private async run(): Promise<void> {
    let passShift = 0; // added to recorded times on later passes, so time keeps moving forward
    try {
      do {
        const pass = await this.replayOnce(passShift);
        this.result.passes++;
        if (pass.span === null) break; // no book in the file: nothing to loop over
        passShift += pass.span + 1;
      } while (this.loop && this.running);
    } catch (e) {
      for (const ex of this.exchanges)
        this.setState(ex, 'down', `Erro ao ler o replay: ${(e as Error).message}`);
    }
    if (this.running) {
      for (const ex of this.exchanges) this.setState(ex, 'down', 'Fim da gravação');
    }
    this.running = false;
    this.paced?.endReplay(); // past its end, the market runs on
    this.resolveFinished({ ...this.result });
  }

  /** Returns the recorded time span of the pass (last − first receivedTs), or null without books. */
  private async replayOnce(passShift: number): Promise<{ span: number | null }> {
    this.previousPassLast = this.lastExchangeTs;
    this.lastExchangeTs = new Map();
    const input = createReadStream(this.options.file, { encoding: 'utf8' });
    const lines = createInterface({ input, crlfDelay: Infinity });
    this.closeCurrent = () => {
      lines.close();
      input.destroy();
    };
    let recStart: number | null = null;
    let recLast = 0;
    let wallStart = 0;
    /** Paced: the market time of the pass's first record. */
    let marketStart = 0;
    /**
     * Paced: the records of one market moment, read whole before the market reaches it, then handed over together.
     * Between two lines the reader may wait on the file, and an execution that ran then would read the books of half
     * a moment, which no backtest over the recording sees (it applies a moment whole before an order of that moment
     * meets the books): paper and 'Simular' then took different routes at the same moment.
     */
    let moment: Record<string, unknown>[] = [];
    let momentDue = 0;
    /** The market runs to the moment read (unless the engine holds it), its books handed over; false: stopped. */
    const handOver = async (): Promise<boolean> => {
      if (moment.length === 0 || !this.paced) return this.running;
      this.due = momentDue;
      await Promise.race([this.paced.advanceTo(momentDue), this.stopping]);
      for (const r of moment) if (this.running) this.emitBook(r, recStart ?? 0, wallStart, passShift);
      moment = [];
      return this.running;
    };
    try {
      for await (const line of lines) {
        if (!this.running) break;
        const parsed = parseReplayLine(line);
        if (parsed.kind === 'skip') continue;
        if (parsed.kind === 'malformed') {
          this.result.malformed++;
          this.emitMalformed(null, parsed.detail);
          continue;
        }
        if (parsed.kind === 'meta') {
          this.meta = parsed.meta;
          this.simulated = parsed.meta.simulated !== false;
          continue;
        }
        if (parsed.kind === 'markets') {
          this.addMarkets(parsed.markets.filter((m) => this.allowed.has(m.exchange)));
          continue;
        }
        const r = parsed.record;
        if (typeof r.exchange === 'string' && isExchangeId(r.exchange) && !this.allowed.has(r.exchange))
          continue;
        const recReceived = typeof r.receivedTs === 'number' ? r.receivedTs : NaN;
        if (Number.isFinite(recReceived)) {
          if (recStart === null) {
            recStart = recReceived;
            // With a shared epoch every pass is anchored on it too (pass k starts k recorded spans later), so engines
            // looping one recording stay on one market.
            wallStart =
              this.options.epochMs !== undefined
                ? this.options.epochMs + passShift / (typeof this.speed === 'number' ? this.speed : 1)
                : this.scheduler.now();
            this.anchor ??= this.options.epochMs ?? wallStart;
          }
          recLast = Math.max(recLast, recReceived);
          if (this.paced) {
            if (recReceived === recStart) marketStart ||= this.paced.now();
            const due = marketStart + (recReceived - recStart);
            if (due !== momentDue && !(await handOver())) break;
            momentDue = due;
            moment.push(r);
            continue;
          } else if (this.speed !== 'fast') {
            const factor = this.speed === 'recorded' ? 1 : this.speed;
            const due = wallStart + (recReceived - recStart) / factor;
            const wait = due - this.scheduler.now();
            if (wait > 0) await this.sleep(this.scheduler, wait);
            if (!this.running) break;
            if (wait < -1_000 && this.options.epochMs !== undefined) continue; // before this engine joined
          }
        }
        if (!(await handOver())) break; // a record with no moment of its own keeps its place after the one before
        const jitter = this.options.jitterMs ?? 0;
        if (jitter > 0) this.deliverLater(r, recStart ?? 0, wallStart, passShift, jitter);
        else this.emitBook(r, recStart ?? 0, wallStart, passShift);
      }
      await handOver();
    } finally {
      this.closeCurrent = null;
      lines.close();
      input.destroy();
    }
    return { span: recStart === null ? null : recLast - recStart };
  }

  /** Delivers after this process's own random delay, keeping each exchange's order. */
  private deliverLater(
    r: Record<string, unknown>,
    recStart: number,
    wallStart: number,
    passShift: number,
    jitter: number,
  ): void {
    const now = this.scheduler.now();
    const ex = String(r.exchange);
    const at = Math.max(now + Math.random() * jitter, this.lastDelivery.get(ex) ?? 0);
    this.lastDelivery.set(ex, at);
    const t = setTimeout(() => {
      this.inFlight.delete(t);
      if (this.running) this.emitBook(r, recStart, wallStart, passShift);
    }, at - now);
    this.inFlight.add(t);
  }

  private emitBook(r: Record<string, unknown>, recStart: number, wallStart: number, passShift: number): void {
    const update = { ...r } as unknown as BookUpdate & { type?: string };
    delete update.type;
    if (typeof r.receivedTs === 'number' && typeof r.exchangeTs === 'number') {
      if (this.rebase) {
        // affine map of recorded time onto replay time: keeps exchangeTs monotonic per market, within a pass
        // and across passes (a later pass starts later; in 'fast' mode passShift moves it forward)
        const factor = typeof this.speed === 'number' ? this.speed : 1;
        update.receivedTs = this.scheduler.now();
        // paced: stamped in market time (MarketClock.books), the exchange's stamp its recorded distance before
        const mapped = this.paced
          ? (update.receivedTs = this.due) - (r.receivedTs - r.exchangeTs)
          : wallStart + (r.exchangeTs - recStart) / factor + (this.speed === 'fast' ? passShift : 0);
        const key = `${String(r.exchange)}|${String(r.symbol)}`;
        // a new pass must not start before the previous pass ended (within a pass the recorded order is kept,
        // so a record that was out of order stays out of order and is rejected by the store)
        update.exchangeTs = Math.max(mapped, this.previousPassLast.get(key) ?? -Infinity);
        this.lastExchangeTs.set(key, update.exchangeTs);
      } else {
        update.receivedTs = r.receivedTs + passShift;
        update.exchangeTs = r.exchangeTs + passShift;
      }
    }
    this.result.updates++;
    const ex = update.exchange;
    if (typeof ex === 'string' && isExchangeId(ex) && !this.seen.has(ex)) {
      this.seen.add(ex);
      this.setState(ex, 'up', null);
    }
    this.emitUpdate(update);
  }
}
