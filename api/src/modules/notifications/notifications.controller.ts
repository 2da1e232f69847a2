import { Controller, Delete, Get, Header, Param, ParseUUIDPipe, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  MESSAGES,
  NOTIFICATION_EVENT_LABELS,
  notificationPreferencesRequestSchema,
  type NotificationListResponse,
  type NotificationPreferences,
  type TelegramLinkCode,
  type TelegramLinkStatus,
} from '@arbitra/contracts';
import type { z } from 'zod';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Public } from '../../common/decorators/public.decorator.js';
import { badRequest, notFound } from '../../common/errors/app-error.js';
import type { AuthenticatedUser } from '../../common/http/request-context.js';
import { simplePage } from '../../common/http/simple-page.js';
import { NotificationsService } from './notifications.service.js';
import { TelegramService } from './telegram.service.js';
import { Action, ValidBody } from '../../common/decorators/action.decorator.js';

const MANAGE = { href: '/security', label: 'Gerenciar notificações' };
const page = (title: string, text: string) => simplePage(title, text, MANAGE);

/** The notification centre (the bell), the per-event preferences, the Telegram link and the email unsubscribe. */
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly telegram: TelegramService,
  ) {}

  /** The last 100 notifications, newest first, with the unread count. */
  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<NotificationListResponse> {
    return this.notifications.list(user.id);
  }

  /** Marks every notification as read. */
  @Action('read')
  readAll(@CurrentUser() user: AuthenticatedUser) {
    return this.notifications.markRead(user.id);
  }

  @Action(':id/read')
  readOne(
    @CurrentUser() user: AuthenticatedUser,
    @Param(
      'id',
      new ParseUUIDPipe({
        exceptionFactory: () => notFound('notification_not_found', MESSAGES.notificationCentre.notFound),
      }),
    )
    id: string,
  ) {
    return this.notifications.markRead(user.id, id);
  }

  @Get('preferences')
  async preferences(
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<{ preferences: NotificationPreferences; telegram: TelegramLinkStatus }> {
    const [preferences, telegram] = await Promise.all([
      this.notifications.preferences(user.id),
      this.telegram.status(user.id),
    ]);
    return { preferences, telegram };
  }

  @Put('preferences')
  async setPreferences(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(notificationPreferencesRequestSchema)
    body: z.output<typeof notificationPreferencesRequestSchema>,
  ): Promise<{ preferences: NotificationPreferences; message: string }> {
    const preferences = await this.notifications.setPreferences(user.id, body.preferences);
    return { preferences, message: MESSAGES.notificationCentre.preferencesSaved };
  }

  @Get('telegram')
  telegramStatus(@CurrentUser() user: AuthenticatedUser): Promise<TelegramLinkStatus> {
    return this.telegram.status(user.id);
  }

  /** A one-time code to send to the platform's bot. */
  @Action('telegram/link')
  telegramLink(@CurrentUser() user: AuthenticatedUser): Promise<TelegramLinkCode> {
    if (!this.telegram.available)
      throw badRequest('telegram_unavailable', MESSAGES.notificationCentre.telegramUnavailable);
    return this.telegram.newCode(user.id);
  }

  @Delete('telegram')
  async telegramUnlink(@CurrentUser() user: AuthenticatedUser): Promise<{ message: string }> {
    await this.telegram.unlink(user.id);
    return { message: MESSAGES.notificationCentre.telegramUnlinked };
  }

  /** The one-click unsubscribe of one event's emails (the link in every notification email). */
  @Public()
  @Get('unsubscribe')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async unsubscribePage(
    @Query() q: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return this.unsubscribe(q, res);
  }

  /** RFC 8058 one-click (List-Unsubscribe-Post), same parameters in the query. */
  @Public()
  @Action('unsubscribe')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async unsubscribePost(
    @Query() q: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return this.unsubscribe(q, res);
  }

  private async unsubscribe(q: Record<string, unknown>, res: Response): Promise<string> {
    const [u, e, t] = [q.u, q.e, q.t].map((v) => (typeof v === 'string' ? v : ''));
    const event = u && e && t ? await this.notifications.unsubscribe(u, e, t) : null;
    if (!event) {
      res.status(400);
      return page('Descadastro', MESSAGES.notificationCentre.unsubscribeInvalid);
    }
    return page(
      'Descadastro',
      MESSAGES.notificationCentre.unsubscribed(NOTIFICATION_EVENT_LABELS[event].label),
    );
  }
}
