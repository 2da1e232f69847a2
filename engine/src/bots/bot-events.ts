import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  EVENTS,
  ROOMS,
  roundForDisplay,
  type BotStatus,
  type BotStatusEvent,
  type Trade,
} from '@arbitra/contracts';
import type { FabricServer } from '@arbitra/transport';
import { FABRIC_SERVER } from '../publishing/fabric.providers.js';
import { ENGINE_DATA_SOURCE } from './engine-data-source.js';

/** 'bot:status' and 'trade:new' to the owner's room (ROOMS.user). */
@Injectable()
export class BotEvents {
  constructor(
    @Inject(FABRIC_SERVER) private readonly io: FabricServer,
    @Inject(ENGINE_DATA_SOURCE) private readonly ds: DataSource,
  ) {}

  status(
    userId: string,
    b: {
      botId: string;
      status: BotStatus;
      active: boolean;
      statusReason: string | null;
      totalTrades: number;
      totalProfit: string;
      profitPercent: string;
    },
  ): void {
    const payload: BotStatusEvent = {
      botId: b.botId,
      status: b.status,
      active: b.active,
      statusReason: b.statusReason,
      totalTrades: b.totalTrades,
      totalProfit: roundForDisplay(b.totalProfit, 2),
      profitPercent: roundForDisplay(b.profitPercent, 2),
      at: Date.now(),
    };
    this.io.to(ROOMS.user(userId)).emit(EVENTS.botStatus, payload);
  }

  /** Reads the bot row and sends its status (after a command). */
  async statusFromDb(botId: string, userId: string): Promise<void> {
    const rows: {
      status: BotStatus;
      active: boolean;
      status_reason: string | null;
      total_trades: number;
      total_profit: string;
      profit_percent: string;
    }[] = await this.ds.query(
      `SELECT status, active, status_reason, total_trades, total_profit::text, profit_percent::text FROM bots WHERE id = $1`,
      [botId],
    );
    const r = rows[0];
    if (!r) return;
    this.status(userId, {
      botId,
      status: r.status,
      active: r.active,
      statusReason: r.status_reason,
      totalTrades: r.total_trades,
      totalProfit: r.total_profit,
      profitPercent: r.profit_percent,
    });
  }

  trade(userId: string, trade: Trade): void {
    this.io.to(ROOMS.user(userId)).emit(EVENTS.tradeNew, trade);
  }
}
