import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, launchBrowser, newPage, screenshot } from './support/browser.js';

describe('the web app shell in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('renders the landing page in Portuguese', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    await page.getByRole('link', { name: 'Começar Grátis' }).first().waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Entrar' }).first().isVisible()).toBe(true);
    expect(await page.locator('#pricing').innerText()).toContain('R$');
    await screenshot(page, 'landing');
    await context.close();
  });

  it("leads from 'Entrar' to /login", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Entrar' }).first().click();
    await page.waitForURL(`${baseUrl()}/login`);
    await context.close();
  });

  it('sends an unknown path to /', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/isto-nao-existe');
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it('sends a visitor at /dashboard to /login', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/dashboard');
    await page.waitForURL(`${baseUrl()}/login`);
    await context.close();
  });

  it('opens and closes the mobile menu', async () => {
    const { page, context } = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Fechar menu' }).waitFor();
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
    await context.close();
  });
});
