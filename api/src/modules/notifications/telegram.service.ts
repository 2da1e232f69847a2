import { randomInt } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Bot, GrammyError } from 'grammy';
import type { Logger } from 'pino';
import { NotificationsRepository } from '@arbitra/db';
import { MESSAGES, type TelegramLinkCode, type TelegramLinkStatus } from '@arbitra/contracts';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import type { OwnerId } from '@arbitra/db';

/** A link code lives 15 minutes. */
const CODE_TTL_MS = 15 * 60_000;
/** Codes without look-alike characters (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type TelegramSendResult = 'sent' | 'chat-gone';

/**
 * The Telegram channel (grammy): the platform's bot (TELEGRAM_BOT_TOKEN) sends notifications to linked chats.
 * Linking: the user asks for a one-time code (POST /api/notifications/telegram/link) and sends it to the bot
 * ('/start CODE' or the code alone); the bot's updates are read by long polling (TELEGRAM_POLLING, one
 * instance). Without a token the channel is unavailable and says so.
 */
@Injectable()
export class TelegramService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly bot: Bot | null;
  private polling = false;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
    private readonly repo: NotificationsRepository,
  ) {
    this.bot = config.TELEGRAM_BOT_TOKEN
      ? new Bot(
          config.TELEGRAM_BOT_TOKEN,
          config.TELEGRAM_API_ROOT ? { client: { apiRoot: config.TELEGRAM_API_ROOT } } : {},
        )
      : null;
    if (this.bot) this.handleUpdates(this.bot);
  }

  get available(): boolean {
    return this.bot !== null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.bot) return;
    try {
      await this.bot.init();
    } catch (e) {
      this.logger.warn({ err: e }, 'Telegram: não foi possível ler o bot (getMe); nova tentativa ao enviar');
    }
    if (!this.config.TELEGRAM_POLLING) return;
    this.polling = true;
    this.bot
      .start({ drop_pending_updates: false, timeout: 25 })
      .catch((e: unknown) => this.logger.error({ err: e }, 'Telegram: leitura de mensagens interrompida'))
      .finally(() => (this.polling = false));
  }

  async onModuleDestroy(): Promise<void> {
    if (this.bot && this.polling) await this.bot.stop();
  }

  private botUsername(): string | null {
    return this.bot?.isInited() ? this.bot.botInfo.username : null;
  }

  private handleUpdates(bot: Bot): void {
    bot.on('message:text', async (ctx) => {
      const text = ctx.message.text.trim();
      const code = (/^\/start(?:@\w+)?\s+(\S+)$/.exec(text)?.[1] ?? text).toUpperCase();
      if (!/^[A-Z0-9]{6,12}$/.test(code)) {
        await ctx.reply(MESSAGES.notificationCentre.telegramWelcome);
        return;
      }
      const userId = await this.repo.redeemTelegramCode(code, String(ctx.chat.id));
      await ctx.reply(
        userId ? MESSAGES.notificationCentre.telegramLinked : MESSAGES.notificationCentre.telegramCodeInvalid,
      );
      if (userId) this.logger.info({ userId }, 'Telegram vinculado');
    });
    bot.catch((err) => this.logger.warn({ err: err.error }, 'Telegram: falha ao tratar uma mensagem'));
  }

  async status(userId: OwnerId): Promise<TelegramLinkStatus> {
    const link = await this.repo.telegramLink(userId);
    return {
      available: this.available,
      linked: link !== null,
      botUsername: this.botUsername(),
      linkedAt: link?.linkedAt.toISOString() ?? null,
    };
  }

  /** A new one-time code (8 characters, 15 minutes) for the user to send to the bot. */
  async newCode(userId: OwnerId): Promise<TelegramLinkCode> {
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    await this.repo.newTelegramCode(userId, code, expiresAt);
    const botUsername = this.botUsername();
    return {
      code,
      expiresAt: expiresAt.toISOString(),
      botUsername,
      deepLink: botUsername ? `https://t.me/${botUsername}?start=${code}` : null,
    };
  }

  unlink(userId: OwnerId): Promise<boolean> {
    return this.repo.unlinkTelegram(userId);
  }

  /** Sends a message; a chat that blocked the bot (403) is unlinked and answers 'chat-gone' (no retry). */
  async send(chatId: string, text: string): Promise<TelegramSendResult> {
    if (!this.bot) return 'chat-gone';
    try {
      await this.bot.api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
      return 'sent';
    } catch (e) {
      if (
        e instanceof GrammyError &&
        (e.error_code === 403 || (e.error_code === 400 && /chat not found/i.test(e.description)))
      ) {
        await this.repo.unlinkTelegramChat(chatId);
        this.logger.warn({ code: e.error_code }, 'Telegram: chat indisponível, vínculo removido');
        return 'chat-gone';
      }
      throw e;
    }
  }
}
