import type { DataSource } from 'typeorm';

/**
 * The simulated market's shared clock (table simulated_market_clock): one epoch and the newest checkpoint per
 * market, so every engine runs the same market (engine/src/scanner/shared-market-clock.ts). The checkpoint is the
 * engine's own JSON; this repository only keeps it.
 */
export class SimulatedMarketClockRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * The market's epoch and newest checkpoint. A market without a row, or whose last save is older than
   * `staleAfterMs` (no engine runs it any more), starts afresh at `nowMs` — in one statement, so of engines
   * starting together exactly one sets the epoch and the others join it.
   */
  async join(
    market: string,
    nowMs: number,
    staleAfterMs: number,
  ): Promise<{ epochMs: number; checkpoint: unknown }> {
    const fresh: { epoch_ms: string; checkpoint: unknown }[] = await this.ds.query(
      `INSERT INTO simulated_market_clock (market, epoch_ms) VALUES ($1, $2)
       ON CONFLICT (market) DO UPDATE SET epoch_ms = EXCLUDED.epoch_ms, model_ms = 0, checkpoint = NULL, saved_at = now()
         WHERE simulated_market_clock.saved_at < now() - make_interval(secs => $3::double precision / 1000)
       RETURNING epoch_ms, checkpoint`,
      [market, Math.floor(nowMs), staleAfterMs],
    );
    const rows = fresh.length
      ? fresh
      : await this.ds.query<{ epoch_ms: string; checkpoint: unknown }[]>(
          `SELECT epoch_ms, checkpoint FROM simulated_market_clock WHERE market = $1`,
          [market],
        );
    const [row] = rows;
    if (!row) throw new Error(`simulated_market_clock: ${market} sumiu durante o join`);
    return { epochMs: Number(row.epoch_ms), checkpoint: row.checkpoint };
  }

  /** Keeps a checkpoint of the market of this epoch, unless a newer one is there (every engine saves the same). */
  async save(market: string, epochMs: number, modelMs: number, checkpoint: unknown): Promise<void> {
    await this.ds.query(
      `UPDATE simulated_market_clock SET model_ms = $3, checkpoint = $4::jsonb, saved_at = now()
        WHERE market = $1 AND epoch_ms = $2 AND model_ms <= $3`,
      [market, epochMs, modelMs, JSON.stringify(checkpoint)],
    );
  }
}
