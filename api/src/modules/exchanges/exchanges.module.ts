import { Module } from '@nestjs/common';
import { CredentialChecksQueue } from './credential-checks.queue.js';
import { CredentialVault } from './credential-vault.js';
import { ExchangeCredentialsService } from './exchange-credentials.service.js';
import { SupportedExchangesController } from './supported-exchanges.controller.js';
import { UserExchangesController } from './user-exchanges.controller.js';
import { DatabaseModule } from '../../database/database.module.js';
import { TransportModule } from '../../transport/transport.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { UsersModule } from '../users/users.module.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

/**
 * Exchange credentials (issue 6): supported exchanges, plan info, the user's keys (encrypted at rest),
 * checks with the exchange through the engine. Exports ExchangeCredentialsService for the bots module.
 */
@Module({
  imports: [ApiConfigModule, DatabaseModule, TransportModule, SubscriptionsModule, AuditModule, UsersModule],
  controllers: [SupportedExchangesController, UserExchangesController],
  providers: [CredentialVault, CredentialChecksQueue, ExchangeCredentialsService],
  exports: [ExchangeCredentialsService],
})
export class ExchangesModule {}
