import type { DataSource } from 'typeorm';
import { NotificationSettingsEntity } from '../entities/notification-settings.entity.js';
import type { OwnerId } from '../tenancy.js';

/** The four toggles as stored. */
export interface NotificationToggles {
  email: boolean;
  sms: boolean;
  loginAlerts: boolean;
  tradingAlerts: boolean;
}

/** The ONLY code that reads or writes `notification_settings`. */
export class NotificationSettingsRepository {
  constructor(private readonly ds: DataSource) {}

  find(userId: OwnerId): Promise<NotificationSettingsEntity | null> {
    return this.ds.getRepository(NotificationSettingsEntity).findOneBy({ userId });
  }

  async save(userId: OwnerId, t: NotificationToggles): Promise<void> {
    await this.ds
      .getRepository(NotificationSettingsEntity)
      .upsert({ userId, ...t, updatedAt: new Date() }, { conflictPaths: ['userId'] });
  }
}
