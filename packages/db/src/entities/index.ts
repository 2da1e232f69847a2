import { AuditLogEntity } from './audit-log.entity.js';
import { NotificationSettingsEntity } from './notification-settings.entity.js';
import { PasswordResetTokenEntity } from './password-reset-token.entity.js';
import { PlanEntity } from './plan.entity.js';
import { RateLimitBucketEntity } from './rate-limit-bucket.entity.js';
import { SessionEntity } from './session.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { TwoFactorBackupCodeEntity } from './two-factor-backup-code.entity.js';
import { TwoFactorEntity } from './two-factor.entity.js';
import { UserEntity } from './user.entity.js';

export {
  AuditLogEntity,
  NotificationSettingsEntity,
  PasswordResetTokenEntity,
  PlanEntity,
  RateLimitBucketEntity,
  SessionEntity,
  SubscriptionEntity,
  TwoFactorBackupCodeEntity,
  TwoFactorEntity,
  UserEntity,
};

/** Every entity, in one list: the data source and Nest's TypeOrmModule read it. */
export const ENTITIES = [
  UserEntity,
  SessionEntity,
  PasswordResetTokenEntity,
  TwoFactorEntity,
  TwoFactorBackupCodeEntity,
  NotificationSettingsEntity,
  AuditLogEntity,
  RateLimitBucketEntity,
  PlanEntity,
  SubscriptionEntity,
];
