import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium.mjs';

export const baseUrl = () => inject('baseUrl');

let browser: Browser | undefined;

/** Playwright gives every launch a new empty profile directory of its own. */
export async function launchBrowser(): Promise<Browser> {
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
}

/** A session as the app keeps it in localStorage after its login form (SPEC §9: `token` and `user`). */
export interface StoredSession {
  token: string;
  user: { id: string; name: string; email: string; role: string };
}

/**
 * A fresh context (its own localStorage) with pt-BR locale and São Paulo time. `session`: the context starts
 * signed in with it, as a browser that signed in before would (for tests about something else than the login
 * form); signing out clears it like any session. `base`: another platform than the shared one; `viewport`: the
 * window's size from the first paint.
 */
export async function newPage(
  b: Browser,
  {
    session,
    base = baseUrl(),
    viewport,
  }: { session?: StoredSession; base?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await b.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    baseURL: base,
    ...(viewport ? { viewport } : {}),
    storageState: session
      ? {
          cookies: [],
          origins: [
            {
              origin: new URL(base).origin,
              localStorage: [
                { name: 'token', value: session.token },
                { name: 'user', value: JSON.stringify(session.user) },
              ],
            },
          ],
        }
      : undefined,
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Collects what React reports about the page while it runs (a hydration that did not match the prerendered HTML of
 * '/' or '/demo' is a recoverable error React reports as uncaught): call before page.goto.
 */
export function reactErrors(page: Page): () => string[] {
  const errors: string[] = [];
  const keep = (text: string) => {
    if (/React|hydrat/i.test(text)) errors.push(text);
  };
  page.on('pageerror', (error) => keep(`${error.message}\n${error.stack ?? ''}`));
  page.on('console', (message) => {
    if (message.type() === 'error') keep(message.text());
  });
  return () => errors;
}

/** Saves a screenshot under web/e2e/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
