import type { MailMessage } from './mail.service.js';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(title: string, body: string): string {
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

/** The 'Alertas de login' mail: a sign-in from a device not seen before. */
export function loginAlertMail(
  to: string,
  name: string,
  device: string,
  ip: string | null,
  when: Date,
  securityUrl: string,
): MailMessage {
  const at = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'America/Sao_Paulo',
  }).format(when);
  const subject = 'Novo acesso à sua conta - Arbitra';
  const text = [
    `Olá, ${name}!`,
    '',
    `Sua conta Arbitra foi acessada em ${at} a partir de ${device}${ip ? ` (IP ${ip})` : ''}.`,
    'Se foi você, nada a fazer. Se não reconhece este acesso, encerre a sessão e altere sua senha em:',
    securityUrl,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escape(name)}!</p>
<p>Sua conta Arbitra foi acessada em <strong>${escape(at)}</strong> a partir de <strong>${escape(device)}</strong>${ip ? ` (IP ${escape(ip)})` : ''}.</p>
<p>Se foi você, nada a fazer. Se não reconhece este acesso, <a href="${escape(securityUrl)}">encerre a sessão e altere sua senha</a>.</p>`,
  );
  return { to, subject, text, html };
}
