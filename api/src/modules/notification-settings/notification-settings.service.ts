import { Injectable } from '@nestjs/common';
import { NotificationSettingsRepository } from '@arbitra/db';
import { MESSAGES, type NotificationSettings, type NotificationSettingsRequest } from '@arbitra/contracts';
import { badRequest } from '../../common/errors/app-error.js';
import type { OwnerId } from '@arbitra/db';

export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  email: true,
  sms: false,
  loginAlerts: true,
  tradingAlerts: true,
};

/** The four toggles of /security; other modules read them (e.g. trading alerts) through get(). */
@Injectable()
export class NotificationSettingsService {
  constructor(private readonly repo: NotificationSettingsRepository) {}

  async get(userId: OwnerId): Promise<NotificationSettings> {
    const row = await this.repo.find(userId);
    return row
      ? { email: row.email, sms: row.sms, loginAlerts: row.loginAlerts, tradingAlerts: row.tradingAlerts }
      : { ...DEFAULT_NOTIFICATIONS };
  }

  async update(userId: OwnerId, patch: NotificationSettingsRequest): Promise<NotificationSettings> {
    // No SMS provider exists: refuse to store a setting that would do nothing (issue 16).
    if (patch.sms === true) throw badRequest('sms_not_offered', MESSAGES.notificationCentre.smsNotOffered);
    const current = await this.get(userId);
    const next: NotificationSettings = {
      email: patch.email ?? current.email,
      sms: false,
      loginAlerts: patch.loginAlerts ?? current.loginAlerts,
      tradingAlerts: patch.tradingAlerts ?? current.tradingAlerts,
    };
    await this.repo.save(userId, next);
    return next;
  }
}
