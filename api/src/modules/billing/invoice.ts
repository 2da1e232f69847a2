import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  CARD_BRAND_LABELS,
  formatBRL,
  type CardBrand,
} from '@arbitra/contracts';
import type { PaymentRecord } from '@arbitra/db';
import PDFDocument from 'pdfkit';
import { escape } from '../mail/templates.js';
import { dateBR, dateTimeBR } from './billing-mails.js';

export interface InvoiceParty {
  company: { name: string; taxId?: string | undefined; address: string };
  customer: { name: string; email: string };
}

/** What an invoice says, in order (the HTML page and the PDF show the same). */
export interface InvoiceContent {
  title: string;
  issued: string;
  issuer: string[];
  customer: string[];
  rows: [string, string][];
  total: string;
}

export function invoiceContent(p: PaymentRecord, planName: string, parties: InvoiceParty): InvoiceContent {
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
  const c = parties.company;
  return {
    title: `Fatura ${p.invoiceNumber ?? ''}`,
    issued: `Emitida em ${dateTimeBR(p.approvedAt ?? p.createdAt)} · Situação: ${PAYMENT_STATUS_LABELS[p.status]}`,
    issuer: [c.name, ...(c.taxId ? [c.taxId] : []), c.address],
    customer: [parties.customer.name, parties.customer.email],
    rows: [
      ['Descrição', `${kind} ${planName} — ${p.billing === 'yearly' ? 'anual' : 'mensal'}`],
      ['Período', p.periodStart && p.periodEnd ? `${dateBR(p.periodStart)} a ${dateBR(p.periodEnd)}` : '—'],
      ['Forma de pagamento', method],
      ['Pago em', p.approvedAt ? dateTimeBR(p.approvedAt) : '—'],
      ...(p.refundedAt ? [['Reembolsado em', dateTimeBR(p.refundedAt)] as [string, string]] : []),
      ['Identificador do pagamento', p.providerPaymentId ?? p.id],
    ],
    total: formatBRL(p.amountCents),
  };
}

const FOOTER = 'Documento gerado eletronicamente pela Arbitra.';

/** The printable invoice (pt-BR HTML): company, customer, plan, period, amount, method, number. */
export function invoiceHtml(p: PaymentRecord, planName: string, parties: InvoiceParty): string {
  const c = invoiceContent(p, planName, parties);
  const row = (k: string, v: string) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`;
  const lines = (l: string[]) => l.map(escape).join('<br>');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escape(c.title)} - Arbitra</title>
<style>
body{font-family:Arial,Helvetica,sans-serif;color:#111827;margin:32px;max-width:760px}
h1{font-size:22px;margin:0} .muted{color:#6b7280;font-size:13px}
table{border-collapse:collapse;width:100%;margin-top:16px} th,td{text-align:left;padding:8px;border-bottom:1px solid #e5e7eb}
th{width:35%;color:#374151;font-weight:600} .total td,.total th{font-size:18px;font-weight:700}
.parties{display:flex;gap:32px;margin-top:24px} .parties div{flex:1}
</style></head>
<body>
<header><h1>${escape(c.title)}</h1>
<p class="muted">${escape(c.issued)}</p></header>
<section class="parties">
<div><h2 style="font-size:15px">Emitente</h2><p>${lines(c.issuer)}</p></div>
<div><h2 style="font-size:15px">Cliente</h2><p>${lines(c.customer)}</p></div>
</section>
<table>
${c.rows.map(([k, v]) => row(k, v)).join('\n')}
<tr class="total"><th>Total</th><td>${escape(c.total)}</td></tr>
</table>
<p class="muted">${FOOTER}</p>
</body></html>`;
}

/** The same invoice as a PDF (A4, pt-BR), for 'Baixar PDF'. */
export function invoicePdf(p: PaymentRecord, planName: string, parties: InvoiceParty): Promise<Buffer> {
  const c = invoiceContent(p, planName, parties);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${c.title} - Arbitra`, Author: 'Arbitra' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111827').text(c.title);
  doc.font('Helvetica').fontSize(10).fillColor('#6b7280').text(c.issued).moveDown(1.5);
  const top = doc.y;
  const party = (title: string, l: string[], x: number) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#111827')
      .text(title, x, top, { width: width / 2 - 8 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(l.join('\n'), x, doc.y + 2, { width: width / 2 - 8 });
    return doc.y;
  };
  const bottom = Math.max(party('Emitente', c.issuer, left), party('Cliente', c.customer, left + width / 2));
  doc.y = bottom + 20;
  const line = (k: string, v: string, size: number, bold: boolean) => {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(size)
      .fillColor('#374151')
      .text(k, left, y, { width: width * 0.35 });
    const afterKey = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor('#111827')
      .text(v, left + width * 0.35, y, { width: width * 0.65 });
    doc.y = Math.max(afterKey, doc.y) + 6;
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + width, doc.y - 3)
      .strokeColor('#e5e7eb')
      .stroke();
  };
  for (const [k, v] of c.rows) line(k, v, 10, false);
  line('Total', c.total, 14, true);
  doc.moveDown(1).font('Helvetica').fontSize(9).fillColor('#6b7280').text(FOOTER, left);
  doc.end();
  return done;
}
