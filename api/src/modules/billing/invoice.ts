import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  CARD_BRAND_LABELS,
  formatBRL,
  type CardBrand,
} from '@arbitra/contracts';
import type { PaymentRecord } from '@arbitra/db';
import { escape } from '../mail/templates.js';
import { dateBR, dateTimeBR } from './billing-mails.js';

export interface InvoiceParty {
  company: { name: string; taxId?: string | undefined; address: string };
  customer: { name: string; email: string };
}

/** The printable invoice (pt-BR HTML): company, customer, plan, period, amount, method, number. */
export function invoiceHtml(p: PaymentRecord, planName: string, parties: InvoiceParty): string {
  const method =
    p.method === 'card' && p.cardBrand
      ? `${PAYMENT_METHOD_LABELS.card} ${CARD_BRAND_LABELS[p.cardBrand as CardBrand] ?? p.cardBrand} final ${p.cardLast4 ?? ''}`
      : PAYMENT_METHOD_LABELS[p.method];
  const kind = {
    new: 'Assinatura',
    renewal: 'Renovação',
    upgrade: 'Upgrade (valor proporcional)',
    grant: 'Cortesia',
  }[p.kind];
  const row = (k: string, v: string) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`;
  const c = parties.company;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Fatura ${escape(p.invoiceNumber ?? '')} - Arbitra</title>
<style>
body{font-family:Arial,Helvetica,sans-serif;color:#111827;margin:32px;max-width:760px}
h1{font-size:22px;margin:0} .muted{color:#6b7280;font-size:13px}
table{border-collapse:collapse;width:100%;margin-top:16px} th,td{text-align:left;padding:8px;border-bottom:1px solid #e5e7eb}
th{width:35%;color:#374151;font-weight:600} .total td,.total th{font-size:18px;font-weight:700}
.parties{display:flex;gap:32px;margin-top:24px} .parties div{flex:1}
@media print{button{display:none}}
</style></head>
<body>
<header><h1>Fatura ${escape(p.invoiceNumber ?? '')}</h1>
<p class="muted">Emitida em ${escape(dateTimeBR(p.approvedAt ?? p.createdAt))} · Situação: ${escape(PAYMENT_STATUS_LABELS[p.status])}</p></header>
<section class="parties">
<div><h2 style="font-size:15px">Emitente</h2><p>${escape(c.name)}<br>${c.taxId ? `${escape(c.taxId)}<br>` : ''}${escape(c.address)}</p></div>
<div><h2 style="font-size:15px">Cliente</h2><p>${escape(parties.customer.name)}<br>${escape(parties.customer.email)}</p></div>
</section>
<table>
${row('Descrição', `${kind} ${planName} — ${p.billing === 'yearly' ? 'anual' : 'mensal'}`)}
${row('Período', p.periodStart && p.periodEnd ? `${dateBR(p.periodStart)} a ${dateBR(p.periodEnd)}` : '—')}
${row('Forma de pagamento', method)}
${row('Pago em', p.approvedAt ? dateTimeBR(p.approvedAt) : '—')}
${p.refundedAt ? row('Reembolsado em', dateTimeBR(p.refundedAt)) : ''}
${row('Identificador do pagamento', p.providerPaymentId ?? p.id)}
<tr class="total"><th>Total</th><td>${escape(formatBRL(p.amountCents))}</td></tr>
</table>
<p class="muted">Documento gerado eletronicamente pela Arbitra.</p>
<button onclick="window.print()">Imprimir / salvar em PDF</button>
</body></html>`;
}
