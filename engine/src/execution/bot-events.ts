import { Injectable } from '@nestjs/common';
import { EVENTS, toBotStatusEvent, type BotStatusFields, type Trade } from '@arbitra/contracts';
import { BotsRepository } from '@arbitra/db';
import { BrowserEvents } from '@arbitra/transport';

/** 'bot:status' and 'trade:new' (a trade's bot status inside) to the owner's room (ROOMS.user). */
@Injectable()
export class BotEvents {
  constructor(
    private readonly events: BrowserEvents,
    private readonly bots: BotsRepository,
  ) {}

  status(userId: string, b: BotStatusFields): void {
    this.events.toUser(userId, EVENTS.botStatus, toBotStatusEvent(b));
  }

  /** Reads the bot row and sends its status (after a command). */
  async statusFromDb(botId: string, userId: string): Promise<void> {
    const status = await this.bots.statusOf(botId);
    if (status) this.status(userId, status);
  }

  /** 'trade:new', with the bot's status after the trade when given (one event, not a 'bot:status' beside it). */
  trade(userId: string, trade: Trade, status?: BotStatusFields | null): void {
    this.events.toUser(
      userId,
      EVENTS.tradeNew,
      status ? { ...trade, botStatus: toBotStatusEvent(status) } : trade,
    );
  }
}
