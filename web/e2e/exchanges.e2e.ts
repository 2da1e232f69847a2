import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, launchBrowser, newPage, screenshot } from './support/browser.js';

interface Registered {
  token: string;
  user: { id: string; name: string; email: string; role: string };
}

/** A new account through the API (from its own documentation IP, so other files' register limits are untouched). */
async function registerUser(): Promise<Registered> {
  const email = `exchanges.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@exemplo.com.br`;
  const res = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `203.0.113.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`,
    },
    body: JSON.stringify({ name: 'Carla Exchanges', email, password: 'senha-segura-123' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Registered;
}

/** Signs the page in the way the app keeps a session (localStorage token + user, SPEC §9). */
async function signIn(context: BrowserContext, r: Registered): Promise<void> {
  await context.addInitScript({
    content: `localStorage.setItem('token', ${JSON.stringify(r.token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(r.user))});`,
  });
}

const API_KEY = `e2eKey${randomBytes(24).toString('hex')}`;
const API_SECRET = `e2eSecret${randomBytes(24).toString('hex')}`;
const PREVIEW = `${API_KEY.slice(0, 4)}••••${API_KEY.slice(-4)}`;

describe('exchange credentials in Chromium (issue 6)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signIn(context, await registerUser());
  });

  afterAll(async () => {
    await context?.close();
    await closeBrowser();
  });

  it('adds a Binance key, shows it masked, and the validation result arrives live', async () => {
    await page.goto('/dashboard?tab=exchanges');
    await page.getByText('Nenhuma exchange configurada').waitFor();
    await page.getByText('Plano Profissional: 0 de 5 exchanges').waitFor();
    await page.getByRole('button', { name: 'Adicionar Exchange' }).click();

    const form = page.getByRole('form', { name: 'Formulário de exchange' });
    // Client-side first, in SPEC order.
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByRole('alert').filter({ hasText: 'Selecione uma exchange' }).waitFor();
    await form.getByLabel('Exchange').selectOption('binance');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByRole('alert').filter({ hasText: 'API Key é obrigatória' }).waitFor();
    await form.getByLabel('API Key').fill(API_KEY);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByRole('alert').filter({ hasText: 'API Secret é obrigatório' }).waitFor();
    await form.getByLabel('API Secret', { exact: true }).fill(API_SECRET);
    await form.getByRole('button', { name: 'Salvar' }).click();

    await page.getByText('Exchange adicionada com sucesso!').first().waitFor();
    const card = page.getByTestId('exchange-binance');
    await card.waitFor();
    expect(await card.getByTestId('api-key').innerText()).toBe(PREVIEW);
    expect(await card.innerText()).not.toContain(API_KEY);
    expect(await page.content()).not.toContain(API_SECRET);

    // Offline here: the engine cannot reach Binance and says so, pushed over the socket.
    await card
      .getByTestId('credential-status')
      .filter({ hasText: 'Não foi possível contatar a exchange' })
      .waitFor({ timeout: 20_000 });
    expect(await card.innerText()).not.toContain('Credenciais Inválidas');
    expect(await card.getByTestId('validation-reason').innerText()).toMatch(
      /^não foi possível contatar a exchange: /,
    );

    await card.getByRole('button', { name: 'Mostrar API Key da Binance' }).click();
    expect(await card.getByTestId('api-key').innerText()).toBe(API_KEY);
    await card.getByRole('button', { name: 'Ocultar API Key da Binance' }).click();
    expect(await card.getByTestId('api-key').innerText()).toBe(PREVIEW);
    await screenshot(page, 'exchanges-tab');
  });

  it('deactivates it with the toggle', async () => {
    const card = page.getByTestId('exchange-binance');
    await card.getByRole('switch', { name: 'Desativar Binance' }).click();
    await card.getByText('Inativa', { exact: true }).waitFor();
    await page.reload();
    await page.getByTestId('exchange-binance').getByText('Inativa', { exact: true }).waitFor();
  });

  it("shows the same key in /security's API Keys", async () => {
    await page.goto('/security');
    const row = page.getByTestId('api-key-binance');
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Binance');
    expect(text).toContain(PREVIEW);
    expect(text).toContain('Não foi possível contatar a exchange');
    expect(text).toContain('Inativa');
    await page.getByRole('button', { name: 'Adicionar API Key' }).waitFor();
    await screenshot(page, 'security-api-keys');
  });

  it('removes it after confirmation', async () => {
    await page.goto('/dashboard?tab=exchanges');
    const card = page.getByTestId('exchange-binance');
    await card.getByRole('button', { name: 'Remover Binance' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Exchange removida com sucesso!').first().waitFor();
    await page.getByText('Nenhuma exchange configurada').waitFor();
    await page.goto('/security');
    await page.getByText('Nenhuma chave de API cadastrada.').waitFor();
  });
});
