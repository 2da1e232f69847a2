import { Controller, Get, Put } from '@nestjs/common';
import {
  MESSAGES,
  notificationSettingsRequestSchema,
  type NotificationSettings,
  type SecurityOverview,
} from '@arbitra/contracts';
import type { z } from 'zod';
import { Client } from '../../common/decorators/client.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { AuditService } from '../audit/audit.service.js';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service.js';
import { SecurityService } from './security.service.js';
import { ValidBody } from '../../common/decorators/action.decorator.js';

@Controller('user')
export class SecurityController {
  constructor(
    private readonly security: SecurityService,
    private readonly notifications: NotificationSettingsService,
    private readonly audit: AuditService,
  ) {}

  @Get('security')
  overview(@CurrentUser() user: AuthenticatedUser): Promise<SecurityOverview> {
    return this.security.overview(user.id);
  }

  @Get('notifications')
  getNotifications(@CurrentUser() user: AuthenticatedUser): Promise<NotificationSettings> {
    return this.notifications.get(user.id);
  }

  @Put('notifications')
  async putNotifications(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(notificationSettingsRequestSchema)
    body: z.output<typeof notificationSettingsRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<NotificationSettings & { message: string }> {
    const settings = await this.notifications.update(user.id, body);
    await this.audit.record('notifications_updated', { userId: user.id, client, metadata: { ...settings } });
    return { ...settings, message: MESSAGES.notifications.updated };
  }
}
