import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, waitForMail } from './support/accounts.js';
import { closeBrowser, launchBrowser, newPage, screenshot } from './support/browser.js';

/** Opens a page and waits until its view was counted (the api answered the view). */
async function openCounted(page: Page, open: () => Promise<unknown>): Promise<void> {
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/content/views') && r.status() === 204, {
    timeout: 20_000,
  });
  await open();
  await counted;
}

describe('knowledge base, blog and newsletter in Chromium (issue 16)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('searches the knowledge base, reads an article, reloads it, and finds it in Mais lidos', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/knowledge-base');
    await page.getByRole('searchbox', { name: 'Buscar artigos' }).fill('binance');
    await page.getByText('1 artigo encontrado').waitFor();
    const title = 'Como gerar chaves de API na Binance';
    await openCounted(page, () => page.getByRole('link', { name: title }).click());
    await page.waitForURL(/\/knowledge-base\/como-gerar-chaves-de-api-na-binance$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('O Arbitra nunca precisa de permissão de saque.').waitFor();
    // The markdown table is rendered as a table, not as pipes.
    await page.getByRole('cell', { name: 'Saques (Enable Withdrawals)' }).waitFor();
    await screenshot(page, 'kb-article');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('list', { name: 'Mais lidos' }).getByRole('link', { name: title }).waitFor();
    // A link inside the text opens another article without leaving the app.
    await page.getByRole('link', { name: 'Como protegemos suas chaves de API' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Como protegemos suas chaves de API' }).waitFor();
    await page.getByRole('link', { name: 'Base de conhecimento' }).first().click();
    await page.getByRole('searchbox', { name: 'Buscar artigos' }).waitFor();
    await context.close();
  });

  it('opens a blog post from the list, survives a reload, and counts it in Mais lidos', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/blog');
    const title = 'Spread bruto engana: taxas e profundidade do livro';
    // From the article list (the post may also be in 'Mais lidos', once an earlier visit counted it).
    const articles = page.getByRole('region', { name: /^Artigos/ });
    await openCounted(page, () => articles.getByRole('link', { name: title }).first().click());
    await page.waitForURL(/\/blog\/spread-bruto-engana-taxas-e-profundidade-do-livro$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('heading', { name: 'Segundo desconto: a profundidade' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.goto('/blog');
    await page.getByRole('list', { name: 'Mais lidos' }).getByRole('link', { name: title }).waitFor();
    await screenshot(page, 'blog');

    await page.goto('/blog/um-post-que-nao-existe');
    await page.getByRole('heading', { level: 1, name: 'Artigo não encontrado' }).waitFor();
    await context.close();
  });

  it('subscribes to the newsletter: consent, confirmation email, confirmed by its link', async () => {
    const { page, context } = await newPage(browser);
    const email = newAccount('newsletter').email;
    await page.goto('/blog');
    const box = page.getByRole('form', { name: 'Newsletter' });
    await box.getByLabel('Seu email').fill(email);
    await box.getByRole('button', { name: 'Inscrever-se' }).click();
    await page.getByText('Marque a caixa para concordar em receber a newsletter').waitFor();
    await box.getByRole('checkbox').check();
    await box.getByRole('button', { name: 'Inscrever-se' }).click();
    await page.getByText(/Quase lá! Enviamos um link de confirmação/).waitFor();

    const mail = await waitForMail(email, 'Confirme sua inscrição na newsletter - Arbitra');
    const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page
      .getByText('Inscrição confirmada! Seu email está na lista da newsletter do blog do Arbitra.')
      .waitFor();
    await screenshot(page, 'newsletter-confirmed');
    await waitForMail(email, 'Inscrição confirmada - newsletter do Arbitra');
    await context.close();
  });
});
