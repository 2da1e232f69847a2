import { Injectable } from '@nestjs/common';
import {
  BOT_MIN_ORDER_USDT,
  INVENTORY_FLOW_WINDOW_HOURS,
  INVENTORY_LIVE_NOTE,
  inventoryAlerts,
  inventoryRows,
  inventorySeries,
  type BotInventory,
} from '@arbitra/contracts';
import { BotsRepository, TradesRepository, type BotEntity, type OwnerId } from '@arbitra/db';

const HOUR_MS = 3_600_000;

/**
 * A bot's 'Inventário' (issue 29 §1), read when asked (GET /api/bots/:id?include=inventory): the balances the
 * ledger keeps, their history from the trade legs (bucketed in SQL), the pace over the recent window and the
 * directions the engine skips (its runner's last word). The figures are contracts' inventory math. Live bots:
 * their balances are the exchange's, which the platform does not keep: not shown.
 */
@Injectable()
export class BotInventoryService {
  constructor(
    private readonly bots: BotsRepository,
    private readonly trades: TradesRepository,
  ) {}

  async of(owner: OwnerId, bot: BotEntity, now = new Date()): Promise<BotInventory> {
    const empty = { minOrderUsdt: BOT_MIN_ORDER_USDT, windowHours: INVENTORY_FLOW_WINDOW_HOURS };
    if (bot.mode === 'live')
      return { ...empty, available: false, note: INVENTORY_LIVE_NOTE, rows: [], series: [], alerts: [], pauses: [] };
    // the pace over the window, or since the bot's creation when younger
    const windowStart = new Date(
      Math.max(now.getTime() - INVENTORY_FLOW_WINDOW_HOURS * HOUR_MS, bot.createdAt.getTime()),
    );
    const windowHours = Math.max((now.getTime() - windowStart.getTime()) / HOUR_MS, 1 / 60);
    const [balances, deltas, flow, prices, pauses] = await Promise.all([
      this.bots.balances(owner, bot.id),
      this.trades.inventoryDeltas(owner, bot.id),
      this.trades.inventoryFlow(owner, bot.id, windowStart),
      this.trades.inventoryPrices(owner, bot.id),
      bot.active ? this.bots.inventoryPauses(owner, bot.id) : Promise.resolve([]),
    ]);
    const rows = inventoryRows(balances, flow, windowHours, (asset) => prices.get(asset) ?? null);
    return {
      ...empty,
      windowHours,
      available: true,
      note: null,
      rows,
      series: inventorySeries(balances, deltas, bot.createdAt.toISOString(), now.toISOString()),
      alerts: inventoryAlerts(rows),
      pauses,
    };
  }
}
