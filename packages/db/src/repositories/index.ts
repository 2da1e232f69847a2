import { AuditRepository } from './audit.repository.js';
import { BacktestsRepository } from './backtests.repository.js';
import { ContactMessagesRepository } from './contact-messages.repository.js';
import { BotsRepository } from './bots.repository.js';
import { PaymentsRepository } from './payments.repository.js';
import { SandboxChargesRepository } from './sandbox-charges.repository.js';
import { PaymentMethodsRepository } from './payment-methods.repository.js';
import { UnitOfWork } from './unit-of-work.js';
import { ExchangeCredentialsRepository } from './exchange-credentials.repository.js';
import { HealthRepository } from './health.repository.js';
import { NotificationSettingsRepository } from './notification-settings.repository.js';
import { NotificationsRepository } from './notifications.repository.js';
import { RateLimitRepository } from './rate-limit.repository.js';
import { SessionsRepository } from './sessions.repository.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { TradesRepository } from './trades.repository.js';
import { TwoFactorRepository } from './two-factor.repository.js';
import { UsersRepository } from './users.repository.js';
import { PlatformSettingsRepository } from './platform-settings.repository.js';
import { AdminUsersRepository } from './admin-users.repository.js';
import { RevenueReportingRepository } from './revenue-reporting.repository.js';
import { DatabaseStatsReader } from './database-stats.js';
import { ContentViewsRepository } from './content-views.repository.js';
import { NewsletterRepository } from './newsletter.repository.js';
import { TaxReportingRepository } from './tax-reporting.repository.js';
import { SimulatedMarketClockRepository } from './simulated-market-clock.repository.js';
import { TransfersRepository } from './transfers.repository.js';

export * from './sql.js';
export * from './simulated-market-clock.repository.js';
export * from './bot-locks.js';
export * from './audit.repository.js';
export * from './backtests.repository.js';
export * from './contact-messages.repository.js';
export * from './bots.repository.js';
export * from './exchange-credentials.repository.js';
export * from './health.repository.js';
export * from './notification-settings.repository.js';
export * from './notifications.repository.js';
export * from './rate-limit.repository.js';
export * from './sessions.repository.js';
export * from './subscriptions.repository.js';
export * from './trades.repository.js';
export * from './two-factor.repository.js';
export * from './users.repository.js';
export * from './unit-of-work.js';
export * from './payments.repository.js';
export * from './platform-settings.repository.js';
export * from './admin-users.repository.js';
export * from './revenue-reporting.repository.js';
export * from './database-stats.js';
export * from './sandbox-charges.repository.js';
export * from './payment-methods.repository.js';
export * from './content-views.repository.js';
export * from './newsletter.repository.js';
export * from './tax-reporting.repository.js';
export * from './transfers.repository.js';

/**
 * Every repository (one per aggregate, each the only code touching its tables), constructed with a DataSource.
 * The api's and the engine's DatabaseModule provide each of them: a new repository is added here.
 */
export const REPOSITORIES = [
  UsersRepository,
  SessionsRepository,
  TwoFactorRepository,
  NotificationSettingsRepository,
  NotificationsRepository,
  SubscriptionsRepository,
  AuditRepository,
  RateLimitRepository,
  ExchangeCredentialsRepository,
  BotsRepository,
  TradesRepository,
  HealthRepository,
  PaymentsRepository,
  SandboxChargesRepository,
  PaymentMethodsRepository,
  UnitOfWork,
  BacktestsRepository,
  PlatformSettingsRepository,
  AdminUsersRepository,
  RevenueReportingRepository,
  DatabaseStatsReader,
  ContactMessagesRepository,
  ContentViewsRepository,
  NewsletterRepository,
  TaxReportingRepository,
  SimulatedMarketClockRepository,
  TransfersRepository,
] as const;
