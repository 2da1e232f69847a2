import type { MailMessage } from './mail.service.js';

export const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** RFC 8058 one-click unsubscribe headers (mail clients show an 'unsubscribe' button). */
const oneClickUnsubscribe = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;background:#f5f7fb;margin:0;padding:24px;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin-top:0">Arbitra</h1>${body}
<p style="font-size:12px;color:#6b7280;margin-top:32px">Esta é uma mensagem automática. Não responda a este email.</p>
</div></body></html>`;
}

/** The password reset mail (pt-BR): the link is valid for 1 hour and works once. */
export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const subject = 'Redefinição de senha - Arbitra';
  const text = [
    `Olá, ${name}!`,
    '',
    'Recebemos um pedido para redefinir a senha da sua conta Arbitra.',
    'Para criar uma nova senha, abra o link abaixo (válido por 1 hora, pode ser usado uma única vez):',
    '',
    link,
    '',
    'Se você não pediu a redefinição, ignore este email: sua senha continua a mesma.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escape(name)}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta Arbitra.</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Redefinir senha</a></p>
<p>Ou copie e cole este endereço no navegador:<br><span style="word-break:break-all">${escape(link)}</span></p>
<p>O link é válido por 1 hora e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este email: sua senha continua a mesma.</p>`,
  );
  return { to, subject, text, html };
}

/**
 * The welcome mail after registering (issue 27): what to do first, in order, with links to the tutorial and to
 * 'Simular' (the simulations page), then a paper bot, then an exchange for live trading.
 */
export function welcomeMail(to: string, name: string, appUrl: string): MailMessage {
  const subject = 'Bem-vindo à Arbitra - por onde começar';
  const tutorial = `${appUrl}/tutorial`;
  const simulate = `${appUrl}/backtests`;
  const bots = `${appUrl}/bots`;
  const exchanges = `${appUrl}/dashboard?tab=exchanges`;
  const steps: { title: string; text: string; link: string; label: string }[] = [
    {
      title: 'Leia o tutorial',
      text: 'Em poucos minutos, como a arbitragem funciona na Arbitra e o que cada número do scanner quer dizer.',
      link: tutorial,
      label: 'Abrir o tutorial',
    },
    {
      title: 'Simule antes de arriscar',
      text: 'Em Simular, rode uma configuração de bot sobre o mercado e veja o resultado sem gastar nada.',
      link: simulate,
      label: 'Simular',
    },
    {
      title: 'Crie um bot em modo simulado',
      text: 'Ele opera com saldo fictício e preços reais; escolha um lucro mínimo que o mercado alcança.',
      link: bots,
      label: 'Criar bot',
    },
    {
      title: 'Conecte uma exchange quando quiser operar de verdade',
      text: 'Use uma chave sem permissão de saque: a Arbitra só precisa de leitura e negociação.',
      link: exchanges,
      label: 'Conectar exchange',
    },
  ];
  const text = [
    `Olá, ${name}!`,
    '',
    'Sua conta na Arbitra está criada. Por onde começar:',
    '',
    ...steps.flatMap((s, i) => [`${i + 1}. ${s.title}: ${s.text}`, `   ${s.link}`, '']),
    'Bons trades!',
  ].join('\n');
  const button =
    'display:inline-block;background:#2563eb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none';
  const html = layout(
    subject,
    `<p>Olá, ${escape(name)}!</p>
<p>Sua conta na Arbitra está criada. Por onde começar:</p>
<ol>${steps
      .map(
        (s) =>
          `<li style="margin-bottom:16px"><strong>${escape(s.title)}</strong><br>${escape(s.text)}<br><a href="${escape(s.link)}" style="${button}">${escape(s.label)}</a></li>`,
      )
      .join('')}</ol>
<p>Bons trades!</p>`,
  );
  return { to, subject, text, html };
}

/** The invitation of an account made by an admin: a link to set the password (72 hours, once). */
export function invitationMail(to: string, name: string, invitedBy: string, link: string): MailMessage {
  const subject = 'Convite para a Arbitra - defina sua senha';
  const text = [
    `Olá, ${name}!`,
    '',
    `${invitedBy} criou uma conta para você na Arbitra com este email.`,
    'Para definir sua senha e entrar, abra o link abaixo (válido por 72 horas, pode ser usado uma única vez):',
    '',
    link,
    '',
    'Se você não esperava este convite, ignore este email.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escape(name)}!</p>
<p>${escape(invitedBy)} criou uma conta para você na Arbitra com este email.</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Definir senha</a></p>
<p>Ou copie e cole este endereço no navegador:<br><span style="word-break:break-all">${escape(link)}</span></p>
<p>O link é válido por 72 horas e pode ser usado uma única vez. Se você não esperava este convite, ignore este email.</p>`,
  );
  return { to, subject, text, html };
}

/**
 * A notification by email (issue 16): the event's title and text, a button to the page, and the one-click
 * unsubscribe of this event type (link in the body and RFC 8058 List-Unsubscribe headers).
 */
export function notificationMail(
  to: string,
  name: string,
  n: { title: string; body: string; url: string | null; eventLabel: string; unsubscribeUrl: string },
): MailMessage {
  const subject = `${n.title} - Arbitra`;
  const text = [
    `Olá, ${name}!`,
    '',
    n.body,
    ...(n.url ? ['', `Abrir: ${n.url}`] : []),
    '',
    `Não quer mais receber emails de "${n.eventLabel}"? Descadastre-se com um clique: ${n.unsubscribeUrl}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escape(name)}!</p>
<p>${escape(n.body)}</p>
${n.url ? `<p><a href="${escape(n.url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Abrir na Arbitra</a></p>` : ''}
<p style="font-size:12px;color:#6b7280">Não quer mais receber emails de "${escape(n.eventLabel)}"? <a href="${escape(n.unsubscribeUrl)}">Descadastrar com um clique</a>. As outras notificações continuam como estão em Segurança &gt; Notificações.</p>`,
  );
  return {
    to,
    subject,
    text,
    html,
    headers: oneClickUnsubscribe(n.unsubscribeUrl),
  };
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="white-space:pre-wrap">${escape(p)}</p>`)
    .join('');

/** The contact form's message, to the support inbox (Reply-To: the sender). */
export function contactToSupportMail(
  to: string,
  m: { name: string; email: string; subject: string; message: string; adminUrl: string },
): MailMessage {
  const subject = `[Contato] ${m.subject}`;
  const text = [
    `De: ${m.name} <${m.email}>`,
    `Assunto: ${m.subject}`,
    '',
    m.message,
    '',
    `Responder pelo painel: ${m.adminUrl}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p><strong>De:</strong> ${escape(m.name)} &lt;${escape(m.email)}&gt;<br><strong>Assunto:</strong> ${escape(m.subject)}</p>
${paragraphs(m.message)}<p><a href="${escape(m.adminUrl)}">Responder pelo painel (Mensagens)</a></p>`,
  );
  return { to, subject, text, html, headers: { 'Reply-To': m.email } };
}

/**
 * The confirmation to whoever wrote through the contact form: a fixed text that carries nothing they typed (no name,
 * subject or message). The form accepts any address, so echoing the text would make Arbitra relay whatever anyone
 * types to whomever they name.
 */
export function contactConfirmationMail(to: string): MailMessage {
  const subject = 'Recebemos sua mensagem - Arbitra';
  const lines = [
    'Olá!',
    'Recebemos uma mensagem enviada pelo formulário de contato do site da Arbitra com este endereço de email. Nossa equipe responde neste email em até 1 dia útil.',
    'Se não foi você quem escreveu, ignore este email: nada mais será enviado.',
  ];
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines.map((l) => `<p>${escape(l)}</p>`).join('')),
  };
}

/** Sent to the NEW address of an email change: the change happens only when this link is opened (24 hours, once). */
export function confirmEmailChangeMail(to: string, name: string, link: string): MailMessage {
  const subject = 'Confirme seu novo email - Arbitra';
  const text = [
    `Olá, ${name}!`,
    '',
    'Pediram para usar este endereço na conta Arbitra. Para confirmar, abra o link abaixo (válido por 24 horas, pode ser usado uma única vez):',
    '',
    link,
    '',
    'Até lá, a conta continua com o email anterior. Se você não pediu, ignore este email.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escape(name)}!</p>
<p>Pediram para usar este endereço na conta Arbitra.</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Confirmar novo email</a></p>
<p>Ou copie e cole este endereço no navegador:<br><span style="word-break:break-all">${escape(link)}</span></p>
<p>O link é válido por 24 horas e pode ser usado uma única vez. Até lá, a conta continua com o email anterior. Se você não pediu, ignore este email.</p>`,
  );
  return { to, subject, text, html };
}

/**
 * A security change on the account (password, or email: sent to the OLD address), so an owner
 * who did not make it learns at once and knows where to act.
 */
export function accountChangedMail(
  to: string,
  name: string,
  change:
    | { kind: 'password' }
    | { kind: 'email'; newEmail: string }
    | { kind: 'email_requested'; newEmail: string },
  when: Date,
  resetUrl: string,
): MailMessage {
  const at = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'America/Sao_Paulo',
  }).format(when);
  const subject = {
    password: 'Sua senha foi alterada - Arbitra',
    email: 'O email da sua conta foi alterado - Arbitra',
    email_requested: 'Pedido de alteração do email da sua conta - Arbitra',
  }[change.kind];
  const what =
    change.kind === 'password'
      ? `A senha da sua conta Arbitra foi alterada em ${at}.`
      : change.kind === 'email'
        ? `O email da sua conta Arbitra foi alterado em ${at} para ${change.newEmail}.`
        : `Em ${at} pediram para trocar o email da sua conta Arbitra para ${change.newEmail}. A troca só acontece quando o link enviado a esse endereço for aberto.`;
  const text = [
    `Olá, ${name}!`,
    '',
    what,
    'As outras sessões abertas foram encerradas.',
    'Se não foi você, redefina sua senha agora e fale com o suporte:',
    resetUrl,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escape(name)}!</p>
<p>${escape(what)}</p>
<p>As outras sessões abertas foram encerradas.</p>
<p>Se não foi você, <a href="${escape(resetUrl)}">redefina sua senha agora</a> e fale com o suporte.</p>`,
  );
  return { to, subject, text, html };
}

/** An admin's answer to a contact message. */
export function contactAnswerMail(
  to: string,
  name: string,
  subjectLine: string,
  answer: string,
): MailMessage {
  const subject = `Re: ${subjectLine} - Arbitra`;
  const text = [`Olá, ${name}!`, '', answer, '', 'Equipe Arbitra'].join('\n');
  const html = layout(subject, `<p>Olá, ${escape(name)}!</p>${paragraphs(answer)}<p>Equipe Arbitra</p>`);
  return { to, subject, text, html };
}

const button = (href: string, label: string) =>
  `<p><a href="${escape(href)}" style="display:inline-block;background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escape(label)}</a></p>
<p>Ou copie e cole este endereço no navegador:<br><span style="word-break:break-all">${escape(href)}</span></p>`;

/** The newsletter's double opt-in: the address joins the list only through this link (valid for 48 hours). */
export function newsletterConfirmMail(to: string, link: string): MailMessage {
  const subject = 'Confirme sua inscrição na newsletter - Arbitra';
  const text = [
    'Olá!',
    '',
    'Recebemos um pedido para inscrever este email na newsletter do blog do Arbitra.',
    'Para confirmar, abra o link abaixo (válido por 48 horas):',
    '',
    link,
    '',
    'Se não foi você, ignore este email: sem a confirmação, seu endereço não entra na lista.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá!</p><p>Recebemos um pedido para inscrever este email na newsletter do blog do Arbitra.</p>
${button(link, 'Confirmar inscrição')}
<p>O link é válido por 48 horas. Se não foi você, ignore este email: sem a confirmação, seu endereço não entra na lista.</p>`,
  );
  return { to, subject, text, html };
}

/** After the confirmation: what the list is, and the one-click unsubscribe (also as RFC 8058 headers). */
export function newsletterWelcomeMail(to: string, blogUrl: string, unsubscribeUrl: string): MailMessage {
  const subject = 'Inscrição confirmada - newsletter do Arbitra';
  const text = [
    'Olá!',
    '',
    'Sua inscrição na newsletter do blog do Arbitra está confirmada: cada nova edição chega neste email.',
    `Enquanto isso, os artigos publicados estão em ${blogUrl}`,
    '',
    `Para sair da lista a qualquer momento, com um clique: ${unsubscribeUrl}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá!</p><p>Sua inscrição na newsletter do blog do Arbitra está confirmada: cada nova edição chega neste email.</p>
<p>Enquanto isso, os artigos publicados estão no <a href="${escape(blogUrl)}">blog</a>.</p>
<p style="font-size:12px;color:#6b7280">Para sair da lista a qualquer momento: <a href="${escape(unsubscribeUrl)}">descadastrar com um clique</a>.</p>`,
  );
  return {
    to,
    subject,
    text,
    html,
    headers: oneClickUnsubscribe(unsubscribeUrl),
  };
}
