import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotificationSettingsEntity } from '@arbitra/db';
import type { NotificationSettings, NotificationSettingsRequest } from '@arbitra/contracts';

export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  email: true,
  sms: false,
  loginAlerts: true,
  tradingAlerts: true,
};

/** The four toggles of /security; other modules read them (e.g. trading alerts) through get(). */
@Injectable()
export class NotificationSettingsService {
  constructor(private readonly ds: DataSource) {}

  async get(userId: string): Promise<NotificationSettings> {
    const row = await this.ds.getRepository(NotificationSettingsEntity).findOneBy({ userId });
    return row
      ? { email: row.email, sms: row.sms, loginAlerts: row.loginAlerts, tradingAlerts: row.tradingAlerts }
      : { ...DEFAULT_NOTIFICATIONS };
  }

  async update(userId: string, patch: NotificationSettingsRequest): Promise<NotificationSettings> {
    const current = await this.get(userId);
    const next: NotificationSettings = {
      email: patch.email ?? current.email,
      sms: patch.sms ?? current.sms,
      loginAlerts: patch.loginAlerts ?? current.loginAlerts,
      tradingAlerts: patch.tradingAlerts ?? current.tradingAlerts,
    };
    await this.ds
      .getRepository(NotificationSettingsEntity)
      .upsert({ userId, ...next, updatedAt: new Date() }, { conflictPaths: ['userId'] });
    return next;
  }
}
