import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The security page's notification toggles; a missing row means the defaults. */
@Entity({ name: 'notification_settings' })
export class NotificationSettingsEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'boolean', default: true })
  email!: boolean;

  @Column({ type: 'boolean', default: false })
  sms!: boolean;

  @Column({ name: 'login_alerts', type: 'boolean', default: true })
  loginAlerts!: boolean;

  @Column({ name: 'trading_alerts', type: 'boolean', default: true })
  tradingAlerts!: boolean;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
