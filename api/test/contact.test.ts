import { describe, expect, it } from 'vitest';
import type { ContactMessagesPage } from '@arbitra/contracts';
import { useTestPlatform } from './support/test-platform.js';
import { login, register, uniqueEmail, uniqueIp } from './support/http.js';

describe('the contact form reaches the support inbox and admins answer it (issue 16)', () => {
  const t = useTestPlatform({
    mail: true,
    env: { SUPPORT_EMAIL: 'suporte@exemplo.com.br', RATE_LIMIT_CONTACT_IP: '3/1h' },
  });
  const { call, sql } = t;

  const form = (email: string) => ({
    name: 'Ana Souza',
    email,
    subject: 'Dúvida sobre o plano',
    message: 'Olá! O plano Básico permite usar a estratégia triangular?',
  });

  it('stores the message, emails the support inbox and confirms to the sender; an admin answers by email', async () => {
    const email = uniqueEmail('ana');
    const ip = uniqueIp();
    const res = await call('POST', '/api/contact', { body: form(email), ip });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      'Mensagem enviada! Enviamos uma confirmação para o seu email e responderemos por lá.',
    );
    const support = await t.mail.waitFor('suporte@exemplo.com.br', '[Contato] Dúvida sobre o plano');
    expect(support.text).toContain('O plano Básico permite usar a estratégia triangular?');
    expect(support.text).toContain(email);
    // The sender's confirmation is a fixed text: nothing they typed (name, subject, message) is relayed.
    const confirmation = await t.mail.waitFor(email, 'Recebemos sua mensagem');
    for (const typed of ['Ana', 'Dúvida sobre o plano', 'estratégia triangular'])
      expect(`${confirmation.subject} ${confirmation.text} ${confirmation.html}`).not.toContain(typed);
    expect(confirmation.text).toContain('Se não foi você quem escreveu, ignore este email');

    const user = await register(call);
    expect((await call('GET', '/api/admin/messages', { token: user.token })).status).toBe(403);
    await sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [user.id]);
    const admin = (await login(call, user.email, user.password)).body.access_token as string;
    const list = await call<ContactMessagesPage>('GET', '/api/admin/messages', { token: admin });
    expect(list.body).toMatchObject({ total: 1, unanswered: 1 });
    const msg = list.body.items[0]!;
    expect(msg).toMatchObject({ email, subject: 'Dúvida sobre o plano', answer: null });

    const answer = await call('POST', `/api/admin/messages/${msg.id}/answer`, {
      token: admin,
      body: { answer: 'Olá, Ana! A triangular está nos planos Profissional e Enterprise.' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Resposta enviada por email');
    const reply = await t.mail.waitFor(email, 'Re: Dúvida sobre o plano');
    expect(reply.text).toContain('A triangular está nos planos Profissional e Enterprise.');
    expect(
      (await call<ContactMessagesPage>('GET', '/api/admin/messages', { token: admin })).body.unanswered,
    ).toBe(0);
  });

  it('refuses bad input in pt-BR and limits messages per IP', async () => {
    const bad = await call('POST', '/api/contact', {
      body: { ...form(uniqueEmail()), message: 'curta' },
      ip: uniqueIp(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('A mensagem deve ter pelo menos 10 caracteres');
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++)
      expect((await call('POST', '/api/contact', { body: form(uniqueEmail()), ip })).status).toBe(201);
    const limited = await call('POST', '/api/contact', { body: form(uniqueEmail()), ip });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Você enviou muitas mensagens. Aguarde um pouco e tente novamente.');
  });
});
