import QRCode from 'qrcode';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  REFUND_WINDOW_DAYS,
  maskCpf,
  type CardBrand,
  type PaymentResponse,
} from '@arbitra/contracts';
import type { PaymentRecord } from '@arbitra/db';

const reais = (cents: number) => Math.round(cents) / 100;

/** The end of the 7-day guarantee of a payment, when it is the user's first paid one and still open. */
export function refundableUntil(p: PaymentRecord, firstPaidId: string | null, now = new Date()): Date | null {
  if (p.status !== 'approved' || !p.approvedAt || p.id !== firstPaidId || !p.providerPaymentId) return null;
  const until = new Date(p.approvedAt.getTime() + REFUND_WINDOW_DAYS * 86_400_000);
  return until > now ? until : null;
}

/**
 * A payment as the screens read it (QR image made from the BR Code). `firstPaidId`: the user's first paid
 * payment (the only one the 7-day guarantee refunds).
 */
export async function toPaymentResponse(
  p: PaymentRecord,
  planName: string,
  firstPaidId: string | null = null,
): Promise<PaymentResponse> {
  const showInvoice = p.invoiceNumber !== null && (p.status === 'approved' || p.status === 'refunded');
  return {
    id: p.id,
    planId: p.planId,
    planName,
    billing: p.billing,
    kind: p.kind,
    amountCents: p.amountCents,
    amount: reais(p.amountCents),
    method: p.method,
    methodLabel: PAYMENT_METHOD_LABELS[p.method],
    provider: p.provider,
    status: p.status,
    statusLabel: PAYMENT_STATUS_LABELS[p.status],
    invoiceNumber: p.invoiceNumber,
    invoiceUrl: showInvoice ? `/api/payments/${p.id}/invoice` : null,
    cardBrand: (p.cardBrand as CardBrand | null) ?? null,
    cardLast4: p.cardLast4,
    payerCpf: p.payerCpf ? maskCpf(p.payerCpf) : null,
    pix:
      p.pixCode && p.pixExpiresAt
        ? {
            code: p.pixCode,
            qrDataUrl:
              p.status === 'pending' ? await QRCode.toDataURL(p.pixCode, { margin: 1, width: 240 }) : '',
            expiresAt: p.pixExpiresAt.toISOString(),
          }
        : null,
    boleto:
      p.boletoLine && p.boletoBarcode && p.boletoDueDate
        ? { line: p.boletoLine, barcode: p.boletoBarcode, dueDate: p.boletoDueDate }
        : null,
    periodStart: p.periodStart?.toISOString() ?? null,
    periodEnd: p.periodEnd?.toISOString() ?? null,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    approvedAt: p.approvedAt?.toISOString() ?? null,
    refundedAt: p.refundedAt?.toISOString() ?? null,
    refundableUntil: refundableUntil(p, firstPaidId)?.toISOString() ?? null,
    sandbox: p.provider === 'sandbox' && p.status === 'pending',
  };
}
