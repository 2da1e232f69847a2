import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, type PaymentResponse, type PlanId } from '@arbitra/contracts';
import {
  PaymentsRepository,
  SubscriptionsRepository,
  type PaymentRecord,
  type PlanPriceRecord,
  type OwnerId,
} from '@arbitra/db';
import { badRequest, notFound } from '../../common/errors/app-error.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { UsersService } from '../users/users.service.js';
import { invoiceHtml, invoicePdf } from './invoice.js';
import type { Payer } from './payment-provider.js';
import { toPaymentResponse } from './payment.view.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const M = MESSAGES.payments;

/** A plan's prices, or the pt-BR 400 for an unknown plan. */
export function planOf(prices: PlanPriceRecord[], id: PlanId): PlanPriceRecord {
  const plan = prices.find((p) => p.id === id);
  if (!plan) throw badRequest('plan_invalid', M.planInvalid);
  return plan;
}

/** What billing reads and never changes: prices, the payer, a user's own payments as the screens show them. */
@Injectable()
export class BillingReads {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly users: UsersService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  prices(): Promise<PlanPriceRecord[]> {
    return this.subscriptions.listPrices();
  }

  async planName(id: PlanId): Promise<string> {
    return (await this.prices()).find((p) => p.id === id)?.name ?? id;
  }

  async payer(userId: OwnerId, cpf: string | null = null): Promise<Payer> {
    const u = await this.users.find(userId);
    return { userId, email: u.email, name: u.name, cpf };
  }

  /** The user's first paid payment (the one the 7-day guarantee may refund). */
  async firstPaidId(userId: OwnerId): Promise<string | null> {
    return (await this.payments.listApprovedForUser(userId))[0]?.id ?? null;
  }

  /** The user's own payment, or 404 (a malformed id too). */
  async owned(userId: OwnerId, id: string): Promise<PaymentRecord> {
    const p = UUID.test(id) ? await this.payments.findForUser(userId, id) : null;
    if (!p) throw notFound('payment_not_found', M.paymentNotFound);
    return p;
  }

  async response(p: PaymentRecord): Promise<PaymentResponse> {
    return toPaymentResponse(p, await this.planName(p.planId), await this.firstPaidId(p.userId));
  }

  async view(userId: OwnerId, id: string): Promise<PaymentResponse> {
    return this.response(await this.owned(userId, id));
  }

  async history(userId: OwnerId): Promise<PaymentResponse[]> {
    const names = new Map((await this.prices()).map((p) => [p.id, p.name]));
    const rows = await this.payments.listForUser(userId, 100);
    const first = await this.firstPaidId(userId);
    return Promise.all(rows.map((p) => toPaymentResponse(p, names.get(p.planId) ?? p.planId, first)));
  }

  /** The invoice of an approved (or later refunded) payment: a printable HTML page or a PDF. */
  async invoice(userId: OwnerId, id: string, format: 'html'): Promise<string>;
  async invoice(userId: OwnerId, id: string, format: 'pdf'): Promise<{ number: string; pdf: Buffer }>;
  async invoice(
    userId: OwnerId,
    id: string,
    format: 'html' | 'pdf',
  ): Promise<string | { number: string; pdf: Buffer }> {
    const p = await this.owned(userId, id);
    if (!p.invoiceNumber || (p.status !== 'approved' && p.status !== 'refunded'))
      throw badRequest('invoice_unavailable', M.invoiceUnavailable);
    const user = await this.users.find(userId);
    const planName = await this.planName(p.planId);
    const { COMPANY_NAME: name, COMPANY_TAX_ID: taxId, COMPANY_ADDRESS: address } = this.config;
    const parties = { company: { name, taxId, address }, customer: { name: user.name, email: user.email } };
    if (format === 'html') return invoiceHtml(p, planName, parties);
    return { number: p.invoiceNumber, pdf: await invoicePdf(p, planName, parties) };
  }
}
