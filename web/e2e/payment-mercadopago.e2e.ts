import { randomUUID } from 'node:crypto';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signNotification } from '../../api/src/modules/billing/webhook-signature.js';
import { launchPlatform } from '../../scripts/lib/launch.mjs';
import {
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from '../../scripts/test-support/mercadopago-double.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { newAccount, openSignedIn, registerSessionByApi, type TestAccount } from './support/accounts.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';

const WEBHOOK_SECRET = 'mp-webhook-secret';
const PUBLIC_KEY = 'TEST-public-key';

/**
 * PAYMENTS_PROVIDER=mercadopago in Chromium. Mercado Pago cannot be reached from here: the platform (as `npm start`
 * runs it) talks to a local double of Mercado Pago's API, and the page loads the browser SDK from that double.
 * What this proves: the page tokenises the card through the SDK interface with the public key the API serves, only
 * token + brand + last 4 reach our server, the server charges the token through the official Node SDK, and a
 * signed notification, checked and fetched back from the provider, flips a PIX payment. Not proven: that the real
 * MercadoPago.js and API answer exactly like the double.
 */
describe('payments in Chromium with Mercado Pago (local double of its API and browser SDK)', () => {
  let browser: Browser;
  let double: MercadoPagoDouble;
  let platform: Awaited<ReturnType<typeof launchPlatform>>;

  beforeAll(async () => {
    double = await startMercadoPagoDouble({ accessToken: 'TEST-token', publicKey: PUBLIC_KEY });
    platform = await launchPlatform({
      env: {
        PAYMENTS_PROVIDER: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'TEST-token',
        MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY,
        PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
        MERCADOPAGO_API_URL: double.url,
        MERCADOPAGO_SDK_URL: double.sdkUrl,
        ENGINES: '1',
      },
    });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await closeBrowser();
    await platform?.stop();
    await double?.close();
  });

  const fillCard = async (page: Page, number: string, holder: string) => {
    await page.getByLabel('Número do cartão').fill(number);
    await page.getByLabel('Validade (MM/AA)').fill('1130');
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Nome impresso no cartão').fill(holder);
    // Cards in Brazil need the payer's CPF on Mercado Pago.
    await page.getByLabel('CPF do pagador').fill('52998224725');
  };

  /** A new account on this platform, signed in on `path` (the login form is auth.e2e.ts's). */
  const openAsNewUser = async (account: TestAccount, path: string) =>
    openSignedIn(browser, await registerSessionByApi(account, platform.baseUrl), {
      path,
      base: platform.baseUrl,
    });

  it('tokenises the card with Mercado Pago’s SDK in the browser; only the token reaches the server; approved', async () => {
    const account = newAccount('mp-cartao');
    const { page, context } = await openAsNewUser(account, '/payment?plan=basic&billing=monthly');
    const toServer: string[] = [];
    page.on('request', (r: Request) => {
      if (r.url().startsWith(`${platform.baseUrl}/api/payments`) && r.method() === 'POST')
        toServer.push(r.postData() ?? '');
    });
    // Mercado Pago's test-card convention: the holder's name decides ('APRO' approved, 'OTHE' rejected).
    await fillCard(page, '5474925432670366', 'apro');
    await page.getByText('Bandeira: Mastercard').waitFor();
    await page
      .getByRole('region', { name: 'Resumo do pedido' })
      .getByRole('button', { name: /Pagar R\$\s49,90/ })
      .click();
    const done = page.getByRole('status', { name: 'Pagamento confirmado' });
    await done.getByText('Assinatura Básico ativada com sucesso!').waitFor({ timeout: 20_000 });
    await screenshot(page, 'payment-mercadopago-card');

    // The card went to Mercado Pago (the double) with the public key the API served…
    const tokenCall = double.seen.find((s) => s.url.startsWith('/v1/card_tokens'))!;
    expect(tokenCall.url).toBe(`/v1/card_tokens?public_key=${PUBLIC_KEY}`);
    expect(tokenCall.body).toMatchObject({ card_number: '5474925432670366', security_code: '123' });
    // …our server received only the token, the brand and the last 4…
    expect(toServer).toHaveLength(1);
    const sent = JSON.parse(toServer[0]!) as { card: Record<string, string> };
    expect(Object.keys(sent.card).sort()).toEqual(['brand', 'last4', 'token']);
    expect(sent.card).toMatchObject({ brand: 'mastercard', last4: '0366' });
    expect(toServer[0]).not.toContain('5474925432670366');
    expect(toServer[0]).not.toContain('"123"');
    // …and charged that token through the SDK, with its access token and the ledger id as idempotency key.
    const charge = double.seen.find((s) => s.url === '/v1/payments' && s.method === 'POST')!;
    expect(charge.auth).toBe('Bearer TEST-token');
    expect(charge.body).toMatchObject({
      token: sent.card.token,
      payment_method_id: 'master',
      transaction_amount: 49.9,
      installments: 1,
    });
    expect(JSON.stringify(charge.body)).not.toContain('5474925432670366');
    expect(charge.body).toMatchObject({ payer: { identification: { type: 'CPF', number: '52998224725' } } });
    expect(JSON.parse(toServer[0]!)).toMatchObject({ payerCpf: '52998224725' });

    // The approved card was saved at Mercado Pago for the renewals; the Assinatura tab shows brand + last 4.
    await page.goto('/dashboard?tab=subscription');
    const saved = page.getByRole('region', { name: 'Cartão para renovações' });
    await saved.getByText('Mastercard final 0366').waitFor({ timeout: 20_000 });
    expect(double.savedCards.size).toBe(1);
    await context.close();
  });

  it('a card the issuer rejects shows the pt-BR reason; PIX is confirmed by a signed notification', async () => {
    const { page, context } = await openAsNewUser(
      newAccount('mp-pix'),
      '/payment?plan=professional&billing=monthly',
    );
    await fillCard(page, '4235647728025682', 'othe');
    const summary = page.getByRole('region', { name: 'Resumo do pedido' });
    await summary.getByRole('button', { name: /Pagar R\$\s99,90/ }).click();
    await page.getByText('Pagamento recusado pelo emissor do cartão').waitFor({ timeout: 20_000 });

    await page.getByRole('radio', { name: 'PIX' }).click();
    await summary.getByRole('button', { name: /Pagar R\$\s99,90/ }).click();
    const pending = page.getByRole('region', { name: 'Pagamento pendente' });
    await pending.getByLabel('PIX copia e cola').waitFor();
    expect(await pending.getByRole('button', { name: 'Simular pagamento aprovado' }).count()).toBe(0);
    // Mercado Pago approves the PIX and notifies the webhook (signed); the page flips by itself.
    const pix = [...double.payments.values()].find((p) => p.payment_method_id === 'pix')!;
    pix.status = 'approved';
    const id = String(pix.id);
    const requestId = randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await fetch(
      `${platform.baseUrl}/api/payments/webhook/mercadopago?type=payment&data.id=${id}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': signNotification(WEBHOOK_SECRET, id, requestId, ts),
        },
        body: JSON.stringify({ type: 'payment', action: 'payment.updated', data: { id } }),
      },
    );
    expect(res.status).toBe(200);
    await page
      .getByRole('status', { name: 'Pagamento confirmado' })
      .getByText('Assinatura Profissional ativada com sucesso!')
      .waitFor({ timeout: 20_000 });
    // The webhook fetched the payment back from the provider before changing anything.
    await waitFor(
      async () => double.seen.some((s) => s.method === 'GET' && s.url === `/v1/payments/${id}`) || undefined,
      5_000,
    );
    await context.close();
  });

  it('boleto asks for the CPF, checks its digits in the browser, sends it to Mercado Pago and shows it masked', async () => {
    const account = newAccount('mp-boleto');
    const { page, context } = await openAsNewUser(account, '/payment?plan=basic&billing=monthly');
    await page.getByRole('radio', { name: 'Boleto bancário' }).click();
    const cpf = page.getByLabel('CPF do pagador');
    const pay = page
      .getByRole('region', { name: 'Resumo do pedido' })
      .getByRole('button', { name: /Pagar R\$\s49,90/ });
    expect(await pay.isDisabled()).toBe(true);
    // A wrong check digit is caught in the browser (masked as typed).
    await cpf.fill('52998224724');
    expect(await cpf.inputValue()).toBe('529.982.247-24');
    await cpf.blur();
    await page.getByText('CPF inválido. Confira os números digitados.').waitFor();
    expect(await pay.isDisabled()).toBe(true);
    await cpf.fill('52998224725');
    await pay.click();
    const pending = page.getByRole('region', { name: 'Pagamento pendente' });
    await pending.getByLabel('Linha digitável').waitFor({ timeout: 20_000 });
    expect(await pending.getByLabel('CPF do pagador').textContent()).toContain('***.982.247-**');
    await screenshot(page, 'payment-mercadopago-boleto-cpf');
    const boleto = double.seen.filter((r) => r.url === '/v1/payments' && r.method === 'POST').at(-1)!;
    expect(boleto.body).toMatchObject({
      payment_method_id: 'bolbradesco',
      payer: { email: account.email, identification: { type: 'CPF', number: '52998224725' } },
    });
    await context.close();
  });
});
