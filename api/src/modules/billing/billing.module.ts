import { Module } from '@nestjs/common';
import { SandboxChargesRepository } from '@arbitra/db';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { BotsModule } from '../bots/bots.module.js';
import { ExchangesModule } from '../exchanges/exchanges.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { TransportModule } from '../../transport/transport.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { UsersModule } from '../users/users.module.js';
import {
  PaymentMethodController,
  PaymentsController,
  SubscriptionChangesController,
} from './billing.controller.js';
import { BillingScheduler } from './billing.scheduler.js';
import { BillingNotices } from './billing-notices.js';
import { BillingReads } from './billing-reads.js';
import { CardsAndRefundsService } from './cards-and-refunds.service.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentOutcomes } from './payment-outcomes.js';
import { RenewalsService } from './renewals.service.js';
import { SavedCards } from './saved-cards.js';
import { MercadoPagoPaymentProvider } from './mercadopago.provider.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { SandboxPaymentProvider } from './sandbox.provider.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

function providerFor(config: ApiConfig, sandboxCharges: SandboxChargesRepository): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'mercadopago') return MercadoPagoPaymentProvider.fromConfig(config);
  return new SandboxPaymentProvider(
    sandboxCharges,
    SandboxPaymentProvider.secretFrom(config.PAYMENTS_WEBHOOK_SECRET, config.JWT_SECRET),
    { key: config.PIX_KEY, merchantName: config.PIX_MERCHANT_NAME, merchantCity: config.PIX_MERCHANT_CITY },
  );
}

/** Subscriptions and payments (issue 10): plan changes, charges, webhooks, invoices, the billing job. */
@Module({
  imports: [
    ApiConfigModule,
    AuditModule,
    DatabaseModule,
    TransportModule,
    MailModule,
    NotificationsModule,
    SubscriptionsModule,
    UsersModule,
    BotsModule,
    ExchangesModule,
  ],
  controllers: [SubscriptionChangesController, PaymentMethodController, PaymentsController],
  providers: [
    { provide: PAYMENT_PROVIDER, useFactory: providerFor, inject: [API_CONFIG, SandboxChargesRepository] },
    BillingReads,
    BillingNotices,
    SavedCards,
    PaymentOutcomes,
    CheckoutService,
    CardsAndRefundsService,
    RenewalsService,
    BillingScheduler,
  ],
})
export class BillingModule {}
