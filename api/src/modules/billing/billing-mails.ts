import { MESSAGES, PAYMENT_METHOD_LABELS, TIME_ZONE, formatBRL } from '@arbitra/contracts';
import type { PaymentRecord } from '@arbitra/db';
import type { MailMessage } from '../mail/mail.service.js';
import { escape, layout } from '../mail/templates.js';

/** 'dd/MM/yyyy' in São Paulo (a calendar date 'YYYY-MM-DD' shown as it is). */
export function dateBR(value: Date | string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(value));
}

export const dateTimeBR = (value: Date): string =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }).format(
    value,
  );

interface Who {
  email: string;
  name: string;
}

function mail(
  to: Who,
  subject: string,
  lines: string[],
  link?: { href: string; label: string },
): MailMessage {
  const text = [`Olá, ${to.name}!`, '', ...lines, ...(link ? ['', `${link.label}: ${link.href}`] : [])].join(
    '\n',
  );
  const html = layout(
    subject,
    `<p>Olá, ${escape(to.name)}!</p>${lines.map((l) => `<p>${escape(l)}</p>`).join('')}${
      link
        ? `<p><a href="${escape(link.href)}" style="display:inline-block;background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>`
        : ''
    }`,
  );
  return { to: to.email, subject, text, html };
}

const describe = (p: PaymentRecord, planName: string) =>
  `${planName} (${p.billing === 'yearly' ? 'anual' : 'mensal'}) — ${formatBRL(p.amountCents)} — ${PAYMENT_METHOD_LABELS[p.method]}`;

export function paymentApprovedMail(
  to: Who,
  p: PaymentRecord,
  planName: string,
  appUrl: string,
): MailMessage {
  return mail(
    to,
    `Pagamento aprovado - fatura ${p.invoiceNumber ?? ''} - Arbitra`,
    [
      MESSAGES.payments.activated(planName),
      `Pagamento: ${describe(p, planName)}.`,
      p.periodEnd ? `Período: ${dateBR(p.periodStart ?? p.createdAt)} a ${dateBR(p.periodEnd)}.` : '',
      `Fatura ${p.invoiceNumber ?? ''}: disponível em Dashboard › Assinatura › Histórico de pagamentos.`,
    ].filter(Boolean),
    { href: `${appUrl}/dashboard?tab=subscription`, label: 'Ver assinatura e faturas' },
  );
}

/** The bell's words for a payment that went through or did not (its email says the same, with the invoice). */
export function paymentNotice(p: PaymentRecord, planName: string): { title: string; body: string } {
  if (p.status === 'approved')
    return {
      title: `Pagamento aprovado: ${planName}`,
      body: [
        `Pagamento aprovado: ${describe(p, planName)}.`,
        p.periodEnd ? `Sua assinatura está ativa até ${dateBR(p.periodEnd)}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    };
  return {
    title: p.status === 'expired' ? 'Pagamento expirado' : 'Pagamento recusado',
    body: `Não foi possível concluir o pagamento: ${describe(p, planName)}. Motivo: ${p.failureReason ?? MESSAGES.payments.declinedByIssuer}. Você pode tentar novamente com outra forma de pagamento.`,
  };
}

export function chargeIssuedMail(
  to: Who,
  p: PaymentRecord,
  planName: string,
  appUrl: string,
  renewal: boolean,
): MailMessage {
  const lines = [
    renewal
      ? `Sua assinatura ${planName} renova em breve. Emitimos a cobrança da renovação: ${describe(p, planName)}.`
      : `Cobrança emitida: ${describe(p, planName)}.`,
  ];
  if (p.method === 'pix' && p.pixCode) {
    lines.push('PIX copia e cola:', p.pixCode);
    if (p.pixExpiresAt) lines.push(`Válido até ${dateTimeBR(p.pixExpiresAt)}.`);
  }
  if (p.method === 'boleto' && p.boletoLine) {
    lines.push(`Linha digitável do boleto: ${p.boletoLine}`);
    if (p.boletoDueDate) lines.push(`Vencimento: ${dateBR(p.boletoDueDate)}.`);
  }
  return mail(
    to,
    renewal ? 'Renovação da assinatura - Arbitra' : `Cobrança ${PAYMENT_METHOD_LABELS[p.method]} - Arbitra`,
    lines,
    {
      href: `${appUrl}/payment?payment=${p.id}`,
      label: 'Abrir pagamento',
    },
  );
}

export function paymentFailedMail(to: Who, p: PaymentRecord, planName: string, appUrl: string): MailMessage {
  return mail(
    to,
    'Pagamento não concluído - Arbitra',
    [
      `Não foi possível concluir o pagamento: ${describe(p, planName)}.`,
      `Motivo: ${p.failureReason ?? MESSAGES.payments.declinedByIssuer}.`,
      'Você pode tentar novamente com outra forma de pagamento.',
    ],
    { href: `${appUrl}/payment?plan=${p.planId}&billing=${p.billing}`, label: 'Tentar novamente' },
  );
}

/**
 * What a lapse says when no running bot was stopped (with bots, each bot's 'bot.stopped' notification says it):
 * sent through the notification service as a 'billing' event.
 */
export function lapsedNotice(status: 'past_due' | 'canceled'): { title: string; body: string } {
  return {
    title: status === 'canceled' ? 'Assinatura encerrada' : 'Assinatura vencida',
    body: [
      status === 'canceled'
        ? 'Sua assinatura foi encerrada no fim do período pago, como você pediu.'
        : 'O período da sua assinatura terminou sem pagamento: a assinatura está vencida.',
      'Nada foi apagado: bots, exchanges e histórico continuam na sua conta. Assim que o pagamento for confirmado, você pode iniciar seus bots novamente.',
    ].join(' '),
  };
}

export function canceledMail(to: Who, planName: string, periodEnd: Date, appUrl: string): MailMessage {
  return mail(
    to,
    'Cancelamento confirmado - Arbitra',
    [
      MESSAGES.payments.canceled,
      `Você continua com acesso ao plano ${planName} até ${dateBR(periodEnd)}. Nenhuma nova cobrança será feita.`,
      'Mudou de ideia? Você pode reativar a assinatura antes dessa data em Dashboard › Assinatura.',
    ],
    { href: `${appUrl}/dashboard?tab=subscription`, label: 'Ver assinatura' },
  );
}

export function refundedMail(to: Who, p: PaymentRecord, planName: string): MailMessage {
  return mail(to, 'Reembolso confirmado - Arbitra', [
    `O pagamento ${p.invoiceNumber ?? ''} (${describe(p, planName)}) foi reembolsado pela garantia de 7 dias.`,
    'O plano foi encerrado. Seus dados continuam na sua conta.',
  ]);
}

/** A charge paid after the subscription it was quoted for changed: not applied, the whole amount given back. */
export function staleRefundedMail(to: Who, p: PaymentRecord, planName: string, appUrl: string): MailMessage {
  return mail(
    to,
    'Pagamento estornado - Arbitra',
    [
      `O pagamento de ${describe(p, planName)} chegou depois que a sua assinatura mudou (por exemplo, um reembolso, um cancelamento, o fim do período ou outro pagamento aprovado), então ele não foi aplicado.`,
      'O valor foi estornado integralmente para a mesma forma de pagamento. Para mudar de plano, gere uma nova cobrança.',
    ],
    { label: 'Ver pagamentos', href: `${appUrl}/payment` },
  );
}
