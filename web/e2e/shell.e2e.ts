import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, launchBrowser, newPage, reactErrors, screenshot } from './support/browser.js';

describe('the web app shell in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('renders the landing page in Portuguese', async () => {
    // The page's first view is in its HTML (prerendered by the build), before any script runs.
    const html = await (await fetch(`${baseUrl()}/`, { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('lucre com o que sobra de verdade');

    const { page, context } = await newPage(browser);
    const errors = reactErrors(page);
    // Every section of the page that leaves the document: the prerendered ones must be adopted, not drawn anew.
    await page.addInitScript({
      content: `window.removedSections = [];
        new MutationObserver((mutations) => {
          for (const mutation of mutations)
            for (const node of mutation.removedNodes)
              if (node instanceof Element && node.matches('section'))
                window.removedSections.push(node.id || node.outerHTML.slice(0, 60));
        }).observe(document, { childList: true, subtree: true });`,
    });
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    expect(await page.title()).toBe('Arbitra · Arbitragem de criptomoedas em tempo real');
    await page.getByRole('link', { name: 'Começar Grátis' }).first().waitFor();
    // The header's buttons show once React has adopted the prerendered page (hydration) and read the session.
    await expect.poll(() => page.getByRole('link', { name: 'Entrar' }).first().isVisible()).toBe(true);
    // The sections under the first screen come to life when they come into view (or once the browser is idle):
    // scrolled to like a visitor would. The plans come from the api after the page is drawn. A scroll that met the
    // section as it came to life ('not attached to the DOM', one clean-clone run, when the renderer still drew the
    // sections anew) scrolls again; a section drawn anew instead of adopted fails on `removedSections` below.
    const pricing = page.locator('#pricing');
    await expect
      .poll(async () => {
        await pricing.scrollIntoViewIfNeeded({ timeout: 5_000 }).catch(() => undefined);
        return pricing.innerText();
      })
      .toContain('R$');
    expect(errors()).toEqual([]);
    expect(await page.evaluate('window.removedSections')).toEqual([]);
    await screenshot(page, 'landing');
    await context.close();
  });

  it("leads from 'Entrar' to /login", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Entrar' }).first().click();
    await page.waitForURL(`${baseUrl()}/login`);
    // The tab names the page (the renderer does not hoist a <title> from the page into <head>: DocumentTitle sets it).
    await expect.poll(() => page.title()).toBe('Entrar · Arbitra');
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
