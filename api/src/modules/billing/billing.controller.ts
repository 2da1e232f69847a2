import {
  Controller,
  Delete,
  Get,
  Header,
  Param,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  createPaymentSchema,
  quoteQuerySchema,
  sandboxActionSchema,
  storedCardSandboxSchema,
  upgradeRequestSchema,
  type CheckoutQuote,
  type CreatePaymentRequest,
  type PaymentResponse,
  type PaymentsConfig,
  type SandboxActionRequest,
  type StoredCardResponse,
  type StoredCardSandboxRequest,
  type UpgradeRequest,
  type UpgradeResponse,
} from '@arbitra/contracts';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Public } from '../../common/decorators/public.decorator.js';
import { Client } from '../../common/decorators/client.decorator.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { BillingReads } from './billing-reads.js';
import { CardsAndRefundsService } from './cards-and-refunds.service.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentOutcomes } from './payment-outcomes.js';
import { Action, ValidBody } from '../../common/decorators/action.decorator.js';

/** SPEC §7's subscription changes. */
@Controller('user/subscription')
export class SubscriptionChangesController {
  constructor(private readonly billing: CheckoutService) {}

  @Action('upgrade')
  upgrade(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(upgradeRequestSchema) body: UpgradeRequest,
  ): Promise<UpgradeResponse> {
    return this.billing.upgrade(user.id, body);
  }

  /** What the checkout costs now (the order summary of /payment). */
  @Get('quote')
  quote(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(quoteQuerySchema)) q: UpgradeRequest,
  ): Promise<CheckoutQuote> {
    return this.billing.describeQuote(user.id, q.planId, q.billing);
  }

  @Action('cancel')
  cancel(@CurrentUser() user: AuthenticatedUser): Promise<{ message: string }> {
    return this.billing.cancel(user.id);
  }

  @Action('reactivate')
  reactivate(@CurrentUser() user: AuthenticatedUser): Promise<{ message: string }> {
    return this.billing.reactivate(user.id);
  }
}

/** The card kept at the provider for off-session renewals: shown (brand + last 4) and removable. */
@Controller('user/payment-method')
export class PaymentMethodController {
  constructor(private readonly billing: CardsAndRefundsService) {}

  @Get()
  get(@CurrentUser() user: AuthenticatedUser): Promise<StoredCardResponse> {
    return this.billing.storedCard(user.id);
  }

  /** Removes the saved card (here and at the provider): renewals then go by PIX/boleto, by email. */
  @Delete()
  remove(@CurrentUser() user: AuthenticatedUser, @Client() client: ClientInfo): Promise<{ message: string }> {
    return this.billing.removeStoredCard(user.id, client);
  }

  /** Sandbox only: 'Simular recusa' (or approval) of the next renewals charged to the saved card. */
  @Action('sandbox')
  sandbox(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(storedCardSandboxSchema) body: StoredCardSandboxRequest,
  ): Promise<StoredCardResponse> {
    return this.billing.storedCardSandbox(user.id, body.action);
  }
}

@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly billing: CheckoutService,
    private readonly reads: BillingReads,
    private readonly outcomes: PaymentOutcomes,
    private readonly refunds: CardsAndRefundsService,
  ) {}

  @Post()
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(createPaymentSchema) body: CreatePaymentRequest,
  ): Promise<PaymentResponse> {
    return this.billing.createPayment(user.id, body);
  }

  @Get()
  history(@CurrentUser() user: AuthenticatedUser): Promise<PaymentResponse[]> {
    return this.reads.history(user.id);
  }

  /** Provider notifications (and the sandbox control, through the same method). Signature checked inside. */
  @Public()
  @Action('webhook/:provider')
  webhook(@Param('provider') provider: string, @Req() req: Request): Promise<{ received: true }> {
    return this.outcomes.receiveWebhook(provider, {
      query: req.query,
      body: req.body,
      headers: req.headers,
    });
  }

  /** The browser side of the provider: Mercado Pago's public key and SDK address, or the sandbox. */
  @Get('config')
  config(): PaymentsConfig {
    return this.billing.paymentsConfig();
  }

  @Get(':id')
  get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<PaymentResponse> {
    return this.reads.view(user.id, id);
  }

  /** The printable invoice (pt-BR HTML). */
  @Get(':id/invoice')
  @Header('Content-Type', 'text/html; charset=utf-8')
  invoice(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<string> {
    return this.reads.invoice(user.id, id, 'html');
  }

  /** The same invoice as a PDF download ('fatura-ARB-….pdf'). */
  @Get(':id/invoice.pdf')
  async invoicePdf(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { number, pdf } = await this.reads.invoice(user.id, id, 'pdf');
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="fatura-${number}.pdf"`);
    return new StreamableFile(pdf);
  }

  /** The 7-day guarantee (the user's first payment): refunded, the plan ends now; audited. */
  @Action(':id/refund')
  refund(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Client() client: ClientInfo,
  ): Promise<PaymentResponse> {
    return this.refunds.refund(user.id, id, client);
  }

  /** Sandbox only: 'Simular pagamento aprovado' / 'Simular recusa' / 'Simular expiração'. */
  @Action(':id/sandbox')
  sandbox(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(sandboxActionSchema) body: SandboxActionRequest,
  ): Promise<PaymentResponse> {
    return this.billing.sandboxAction(user.id, id, body.action);
  }
}
