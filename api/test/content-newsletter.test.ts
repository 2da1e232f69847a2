import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterStats, PopularContent } from '@arbitra/contracts';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { startMailCatcher } from './support/mail-catcher.js';
import { client, login, register, uniqueEmail, uniqueIp, type Client } from './support/http.js';

const linkIn = (text: string, pattern: RegExp): string => {
  const m = pattern.exec(text);
  if (!m) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return m[0];
};

describe("'Mais lidos' from real page views, and the newsletter's double opt-in (issue 16)", () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let call: Client;
  let sql: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    mail = await startMailCatcher();
    platform = await startPlatform({
      databaseUrl: db.url,
      engines: 0,
      env: { SMTP_URL: mail.smtpUrl, RATE_LIMIT_NEWSLETTER_IP: '4/1h' },
    });
    call = client(platform.baseUrl);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await platform?.close();
    await mail?.close();
    await db?.drop();
  });

  const view = (slug: string, ip: string, userAgent = 'Mozilla/5.0 Leitor', kind = 'post') =>
    call('POST', '/api/content/views', { body: { kind, slug }, ip, userAgent });

  it("orders 'Mais lidos' by distinct readers per day; a reload by the same reader counts once", async () => {
    const empty = await call<PopularContent>('GET', '/api/content/popular?kind=post');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ kind: 'post', items: [] });

    const risk = 'gestao-de-risco-para-bots-limites-que-salvam-o-mes';
    const spread = 'spread-bruto-engana-taxas-e-profundidade-do-livro';
    const defi = 'arbitragem-em-defi-oportunidades-e-armadilhas';
    // Three readers of the risk post, two of the spread post, one of DeFi; the same reader reloads five times.
    for (const ip of [uniqueIp(), uniqueIp(), uniqueIp()]) expect((await view(risk, ip)).status).toBe(204);
    const reloader = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await view(spread, reloader)).status).toBe(204);
    await view(spread, uniqueIp());
    await view(defi, uniqueIp());
    // Another browser behind the same IP is another reader.
    await view(defi, reloader, 'Mozilla/5.0 Outro navegador');
    await view(defi, reloader, 'Mozilla/5.0 Outro navegador');
    // An article view does not count for the blog.
    await view('o-que-e-arbitragem-de-criptomoedas', uniqueIp(), undefined, 'article');

    const popular = await call<PopularContent>('GET', '/api/content/popular?kind=post&limit=3');
    expect(popular.body.items).toEqual([
      { slug: risk, views: 3 },
      { slug: defi, views: 2 },
      { slug: spread, views: 2 },
    ]);
    const articles = await call<PopularContent>('GET', '/api/content/popular?kind=article');
    expect(articles.body.items).toEqual([{ slug: 'o-que-e-arbitragem-de-criptomoedas', views: 1 }]);

    // No IP or User-Agent is stored: only a day and a keyed hash.
    const stored = await sql.query<{ reader: string }>(`SELECT reader FROM content_views`);
    expect(stored.rows.length).toBe(8);
    for (const r of stored.rows) expect(r.reader).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses views of pages that do not exist and bad queries, in pt-BR', async () => {
    const unknown = await view('um-post-que-nao-existe', uniqueIp());
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Artigo não encontrado');
    const kind = await call('POST', '/api/content/views', { body: { kind: 'video', slug: 'x' } });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toBe('Tipo de conteúdo inválido: use article ou post');
    const limit = await call('GET', '/api/content/popular?kind=post&limit=500');
    expect(limit.status).toBe(400);
    expect(limit.body.message).toBe('O limite deve ser um número inteiro entre 1 e 20');
  });

  it('subscribes only after the emailed link is opened; unsubscribes with one click', async () => {
    const email = uniqueEmail('leitora');
    const ip = uniqueIp();
    const stats = async () => {
      const user = await register(call);
      await sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [user.id]);
      const token = (await login(call, user.email, user.password)).body.access_token as string;
      return (await call<NewsletterStats>('GET', '/api/admin/newsletter', { token })).body;
    };
    const before = await stats();

    const res = await call('POST', '/api/newsletter', {
      body: { email: ` ${email.toUpperCase()} `, consent: true },
      ip,
    });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(
      'Quase lá! Enviamos um link de confirmação para o seu email. Sua inscrição só vale depois que você clicar nele.',
    );
    const confirmation = await mail.waitFor(email, 'Confirme sua inscrição na newsletter');
    // Not a subscriber until the link is opened.
    expect(await stats()).toMatchObject({ confirmed: before.confirmed, pending: before.pending + 1 });

    const link = linkIn(confirmation.text, /http:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/);
    const token = new URL(link).searchParams.get('token')!;
    const confirmed = await call('POST', '/api/newsletter/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(
      'Inscrição confirmada! Seu email está na lista da newsletter do blog do Arbitra.',
    );
    expect(await stats()).toMatchObject({ confirmed: before.confirmed + 1, pending: before.pending });
    // The link works once.
    const again = await call('POST', '/api/newsletter/confirm', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      'Link de confirmação inválido ou expirado. Inscreva-se de novo no blog para receber um novo link.',
    );

    // The welcome mail goes out after the confirmation (through the mail queue): wait for it before counting.
    const welcome = await mail.waitFor(email, 'Inscrição confirmada');
    // Subscribing a confirmed address again answers the same and sends nothing.
    const count = (await mail.all()).filter((m) => m.to.some((t) => t.address === email)).length;
    expect(
      (await call('POST', '/api/newsletter', { body: { email, consent: true }, ip: uniqueIp() })).status,
    ).toBe(202);
    expect((await mail.all()).filter((m) => m.to.some((t) => t.address === email)).length).toBe(count);
    const unsubscribe = linkIn(welcome.text, /http:\/\/\S+\/api\/newsletter\/unsubscribe\?\S+/);
    const path = unsubscribe.replace(/^http:\/\/[^/]+/, '');
    const tampered = await call<string>('GET', path.replace(/t=[^&]+/, 't=assinatura-falsa'));
    expect(tampered.status).toBe(400);
    expect(tampered.body).toContain('Link de descadastro inválido.');
    // RFC 8058 one-click: a POST to the same link.
    const out = await call<string>('POST', path);
    expect(out.status).toBe(200);
    expect(out.body).toContain('seu email foi removido da newsletter');
    expect(await stats()).toMatchObject({
      confirmed: before.confirmed,
      unsubscribed: before.unsubscribed + 1,
    });
  });

  it('asks for consent and a valid email in pt-BR, and limits sign-ups per IP', async () => {
    const noConsent = await call('POST', '/api/newsletter', {
      body: { email: uniqueEmail() },
      ip: uniqueIp(),
    });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.message).toBe('Marque a caixa para concordar em receber a newsletter');
    const badEmail = await call('POST', '/api/newsletter', { body: { email: 'nao-e-email', consent: true } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Email inválido');
    const badToken = await call('POST', '/api/newsletter/confirm', { body: { token: '<script>' } });
    expect(badToken.status).toBe(400);

    const ip = uniqueIp();
    for (let i = 0; i < 4; i++)
      expect(
        (await call('POST', '/api/newsletter', { body: { email: uniqueEmail(), consent: true }, ip })).status,
      ).toBe(202);
    const limited = await call('POST', '/api/newsletter', {
      body: { email: uniqueEmail(), consent: true },
      ip,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Muitas inscrições a partir deste endereço. Aguarde um pouco e tente novamente.',
    );
  });
});
