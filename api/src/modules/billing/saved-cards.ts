import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  PaymentMethodsRepository,
  PaymentsRepository,
  type PaymentMethodRecord,
  type PaymentRecord,
  type OwnerId,
} from '@arbitra/db';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { BillingReads } from './billing-reads.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type StoredCard } from './payment-provider.js';

export const storedCardOf = (m: PaymentMethodRecord): StoredCard => ({
  customerId: m.providerCustomerId,
  cardId: m.providerCardId,
  brand: m.cardBrand,
  last4: m.cardLast4,
});

/** The card saved for off-session renewals: kept in payment_methods, and at the provider that charges it. */
@Injectable()
export class SavedCards {
  constructor(
    private readonly paymentMethods: PaymentMethodsRepository,
    private readonly payments: PaymentsRepository,
    private readonly reads: BillingReads,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {}

  /** The user's saved card at the configured provider (a card saved at another provider is not charged here). */
  async of(userId: OwnerId): Promise<PaymentMethodRecord | null> {
    const m = await this.paymentMethods.findForUser(userId);
    return m && m.provider === this.provider.name ? m : null;
  }

  /**
   * After an approved card payment made in the browser (an off-session renewal has no token): the card saved at the
   * provider from the payment's token, the provider's customer + card ids kept in payment_methods, the token
   * forgotten. A failure is logged: renewals then go by PIX/boleto, as without a card.
   */
  async saveFrom(p: PaymentRecord): Promise<void> {
    if (p.method !== 'card' || !p.cardToken || !p.cardBrand || !p.cardLast4) return;
    try {
      const stored = await this.provider.saveCard({
        payer: await this.reads.payer(p.userId, p.payerCpf),
        cardToken: p.cardToken,
        brand: p.cardBrand as StoredCard['brand'],
        last4: p.cardLast4,
      });
      const { replaced } = await this.paymentMethods.save({
        userId: p.userId,
        provider: this.provider.name,
        providerCustomerId: stored.customerId,
        providerCardId: stored.cardId,
        cardBrand: stored.brand,
        cardLast4: stored.last4,
      });
      if (replaced) await this.forget(replaced);
      this.logger.info({ userId: p.userId, paymentId: p.id }, 'cartão salvo para as renovações');
    } catch (e) {
      this.logger.error({ err: e, paymentId: p.id }, 'não foi possível salvar o cartão no provedor');
    } finally {
      await this.payments.clearCardToken(p.id);
    }
  }

  /** Removes the user's card here and at the provider it was saved at; null when there was none. */
  async remove(userId: OwnerId): Promise<PaymentMethodRecord | null> {
    const removed = await this.paymentMethods.remove(userId);
    if (removed) await this.forget(removed);
    return removed;
  }

  /** Removes a card at the provider it was saved at (best effort: ours is already gone). */
  private async forget(m: PaymentMethodRecord): Promise<void> {
    if (m.provider !== this.provider.name) return;
    try {
      await this.provider.removeCard(storedCardOf(m));
    } catch (e) {
      this.logger.error({ err: e, userId: m.userId }, 'não foi possível remover o cartão no provedor');
    }
  }
}
