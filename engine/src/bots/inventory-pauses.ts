import type { InventoryPause } from '@arbitra/contracts';
import type { UnfundedSide } from './dispatch.js';

/**
 * The directions each running bot skips for want of funds (issue 29 §1), in memory: the detection path only counts
 * here (no I/O); what changed is taken by `drain()` on the runner's timer and written to the bot's row. A pause ends
 * when the bot's balance of that asset on that exchange changes (a trade of the other direction refilled it: the
 * next opportunity judges again) or the bot leaves the runner.
 */
export class InventoryPauses {
  private readonly byBot = new Map<string, Map<string, InventoryPause>>();
  private readonly dirty = new Set<string>();

  /** A skip: true when it starts a pause (the runner then tells the user once). */
  skip(botId: string, side: UnfundedSide, nowMs: number): boolean {
    const pauses = this.byBot.get(botId) ?? new Map<string, InventoryPause>();
    this.byBot.set(botId, pauses);
    const key = `${side.exchange}|${side.asset}|${side.side}`;
    const held = pauses.get(key);
    this.dirty.add(botId);
    if (held) {
      held.skipped++;
      return false;
    }
    pauses.set(key, { ...side, skipped: 1, since: new Date(nowMs).toISOString() });
    return true;
  }

  /** The bot's balance of `asset` on `exchange` changed: its pauses on it end. */
  funded(botId: string, exchange: string, asset: string): void {
    const pauses = this.byBot.get(botId);
    if (!pauses) return;
    for (const [key, p] of pauses)
      if (p.exchange === exchange && p.asset === asset) {
        pauses.delete(key);
        this.dirty.add(botId);
      }
  }

  /** The bot started, stopped or was reloaded: no pause (its row is cleared on the next drain). */
  reset(botId: string): void {
    this.byBot.delete(botId);
    this.dirty.add(botId);
  }

  /** Written again on the next drain (a write that failed). */
  touch(botId: string): void {
    this.dirty.add(botId);
  }

  of(botId: string): InventoryPause[] {
    return [...(this.byBot.get(botId)?.values() ?? [])];
  }

  /** The pauses of the bots that changed since the last drain (copies), and forgets that they changed. */
  drain(): Map<string, InventoryPause[]> {
    const out = new Map<string, InventoryPause[]>();
    for (const id of this.dirty)
      out.set(
        id,
        this.of(id).map((p) => ({ ...p })),
      );
    this.dirty.clear();
    return out;
  }
}
