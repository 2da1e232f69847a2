import { AuditLogEntity } from './audit-log.entity.js';
import { ExchangeCredentialEntity } from './exchange-credential.entity.js';
import { NotificationSettingsEntity } from './notification-settings.entity.js';
import { PasswordResetTokenEntity } from './password-reset-token.entity.js';
import { PlanEntity } from './plan.entity.js';
import { RateLimitBucketEntity } from './rate-limit-bucket.entity.js';
import { SessionEntity } from './session.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { TwoFactorBackupCodeEntity } from './two-factor-backup-code.entity.js';
import { TwoFactorEntity } from './two-factor.entity.js';
import { UserEntity } from './user.entity.js';
import { BotEntity } from './bot.entity.js';
import { BotBalanceEntity } from './bot-balance.entity.js';
import { TradeEntity } from './trade.entity.js';
import { TradeLegEntity } from './trade-leg.entity.js';

export {
  AuditLogEntity,
  ExchangeCredentialEntity,
  NotificationSettingsEntity,
  PasswordResetTokenEntity,
  PlanEntity,
  RateLimitBucketEntity,
  SessionEntity,
  SubscriptionEntity,
  TwoFactorBackupCodeEntity,
  TwoFactorEntity,
  UserEntity,
  BotEntity,
  BotBalanceEntity,
  TradeEntity,
  TradeLegEntity,
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
  ExchangeCredentialEntity,
  BotEntity,
  BotBalanceEntity,
  TradeEntity,
  TradeLegEntity,
];
