import { Global, Module } from '@nestjs/common';
import { CredentialChecksQueue } from './credential-checks.queue.js';
import { CredentialVault } from './credential-vault.js';
import { ExchangeCredentialsService } from './exchange-credentials.service.js';
import { SupportedExchangesController } from './supported-exchanges.controller.js';
import { UserExchangesController } from './user-exchanges.controller.js';

/**
 * Exchange credentials (issue 6): supported exchanges, plan info, the user's keys (encrypted at rest),
 * checks with the exchange through the engine. Exports ExchangeCredentialsService for the bots module.
 */
@Global()
@Module({
  controllers: [SupportedExchangesController, UserExchangesController],
  providers: [CredentialVault, CredentialChecksQueue, ExchangeCredentialsService],
  exports: [ExchangeCredentialsService],
})
export class ExchangesModule {}
