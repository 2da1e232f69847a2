import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaUi, newAccount, registerByApi, waitForMail } from './support/accounts.js';
import { baseUrl, closeBrowser, launchBrowser, newPage, screenshot } from './support/browser.js';

/** Signs in through the API from a device the account has never used: a 'Novo acesso à sua conta' notification. */
async function loginFromNewDevice(email: string, password: string, device: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': device },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
}

const bellCount = async (page: import('playwright-core').Page): Promise<number> => {
  const badge = page.getByTestId('notification-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText());
};

describe('notifications, /docs, /api, legal pages and the contact form in Chromium (issue 16)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('the bell shows a new notification live, without a reload, and marks it as read', async () => {
    const account = newAccount('bell');
    await registerByApi(account);
    // Through the form: the bell's socket is up by the time the signed-in page shows, before the new device signs in.
    const { page, context } = await newPage(browser);
    await loginViaUi(page, account.email, account.password);
    const bell = page.getByRole('button', { name: /^Notificações/ });
    await bell.waitFor();
    // The browser's own sign-in may already be a 'new device' notification: count from what is shown.
    const before = await bellCount(page);

    await loginFromNewDevice(
      account.email,
      account.password,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    );
    await expect.poll(() => bellCount(page), { timeout: 20_000, interval: 100 }).toBeGreaterThan(before);
    await bell.click();
    const centre = page.getByRole('dialog', { name: 'Central de notificações' });
    await centre.getByText('Novo acesso à sua conta').first().waitFor();
    await centre
      .getByText(/iOS 17\.1/)
      .first()
      .waitFor();
    await screenshot(page, 'notifications-bell');
    await centre.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await page.getByTestId('notification-count').waitFor({ state: 'detached' });
    // The way to the settings, from the bell (issue 27).
    await centre.getByRole('link', { name: 'Configurar notificações' }).click();
    await page.waitForURL(/\/dashboard\?tab=notifications#notificacoes$/);
    await page.getByText('Eventos e canais').waitFor();
    expect(await page.locator('#notificacoes').count()).toBe(1); // the settings card is the link's target
    await context.close();
  });

  it('/docs renders the interactive reference; /api is a page that survives a reload', async () => {
    const { page, context } = await newPage(browser);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/docs');
    await page.getByText('API Arbitra').first().waitFor({ timeout: 20_000 });
    await page.locator('.opblock').first().waitFor();
    // Issue 27: inside the site's look — its header with the way back, dark, pt-BR where Swagger UI allows.
    await page
      .getByRole('button', { name: /Autorizar/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /^Authorize/ }).count()).toBe(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Arbitra' }).getAttribute('href')).toBe('/');
    const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    expect(background).toBe('rgb(10, 14, 21)'); // the site's --color-background
    // Swagger UI's own text in the site's light-on-dark colours.
    const title = await page.evaluate<string>(
      "getComputedStyle(document.querySelector('.swagger-ui .info .title')).color",
    );
    expect(title).toBe('rgb(230, 235, 242)'); // --color-foreground
    await screenshot(page, 'docs');
    expect(violations).toEqual([]);
    await expect
      .poll(() => page.locator('.opblock').count(), { timeout: 20_000, interval: 200 })
      .toBeGreaterThan(50);
    await header.getByRole('link', { name: 'Voltar ao site' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto('/api');
    await page.getByRole('heading', { level: 1, name: 'API Arbitra' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'API Arbitra' }).waitFor();
    await page.getByRole('link', { name: 'Abrir a referência da API' }).click();
    await page.waitForURL(/\/docs/);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('the register checkbox links to the Terms and the Privacy Policy, which open', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }).waitFor();
    await page
      .getByText(/Encarregado pelo Tratamento de Dados Pessoais/)
      .first()
      .waitFor();
    await page.goto('/register');
    const terms = page.getByRole('link', { name: 'Termos de Serviço' });
    expect(await terms.getAttribute('href')).toBe('/terms');
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Termos de Serviço' }).waitFor();
    await context.close();
  });

  it('the contact form reaches the support inbox, with a confirmation to the sender', async () => {
    const { page, context } = await newPage(browser);
    const email = `${newAccount('contato').email}`;
    await page.goto('/support');
    await page.getByRole('heading', { level: 1, name: 'Suporte' }).waitFor();
    await page.getByLabel('Nome').fill('Ana Souza');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Assunto').fill('Ajuda com a chave da Binance');
    await page.getByLabel('Mensagem').fill('Minha chave aparece como não validada. O que faço?');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await page
      .getByRole('status')
      .getByText(/Mensagem enviada!/)
      .waitFor();
    await screenshot(page, 'contact-sent');
    await waitForMail(email, 'Recebemos sua mensagem - Arbitra');
    const support = await waitForMail('suporte@arbitra.com.br', '[Contato] Ajuda com a chave da Binance');
    expect(support.text).toContain('Minha chave aparece como não validada.');
    await context.close();
  });
});
