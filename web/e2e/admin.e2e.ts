import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_IDS, LIVE_METRICS_INTERVAL_MS, PAIRS } from '@arbitra/contracts';
import {
  ADMIN,
  loginByApi,
  newAccount,
  openSignedIn,
  registerByApi,
  storedToken,
  submitLogin,
  waitForMail,
  waitForPath,
} from './support/accounts.js';
import { api } from './support/api.js';
import { baseUrl, closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { userMenu } from './support/nav.js';

const FIRST_TRADE_TIMEOUT_MS = 120_000;

/** A new context with the admin's session, on /admin (the admin's login form is auth.e2e.ts's). */
async function openAsAdmin(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  return openSignedIn(browser, await loginByApi(ADMIN.email, ADMIN.password), { path: '/admin' });
}

/** Polls `read` until `ok` holds (the page is live: no reload), failing after `timeoutMs`. */
async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  timeoutMs: number,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > end)
      throw new Error(`${what}: não aconteceu em ${timeoutMs / 1000} s (último: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 250));
    last = await read();
  }
  return last;
}

/** The figure of a KPI card as a number ('1.234' → 1234). */
async function kpi(page: Page, id: string): Promise<number> {
  const text = await page.getByTestId(`${id}-value`).innerText();
  return Number(text.replace(/\./g, '').replace(',', '.'));
}

describe('admin console in the browser (issue 11)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowser();
  });

  it("the overview's 'Trades hoje' goes up live while a paper bot trades, without a reload", async () => {
    const { page, context } = await openAsAdmin(browser);
    await page.getByTestId('kpi-trades-today-value').waitFor();
    const before = await kpi(page, 'kpi-trades-today');
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++;
    });

    const trader = newAccount('admin-kpi');
    const token = await registerByApi(trader);
    const res = await fetch(`${baseUrl()}/api/bots`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Bot do painel',
        pairs: PAIRS,
        exchanges: EXCHANGE_IDS,
        riskLevel: 'high',
        maxInvestment: 250000,
        minProfitPercent: 0.1,
        active: true,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { bot } = (await res.json()) as { bot: { id: string } };
    const after = await until(
      () => kpi(page, 'kpi-trades-today'),
      (n) => n > before,
      "'Trades hoje' sobe",
      FIRST_TRADE_TIMEOUT_MS,
    );
    expect(after).toBeGreaterThan(before);
    expect(navigations).toBe(0);
    await page.getByText('Simulado: ').first().waitFor();
    await screenshot(page, 'admin-overview-live');
    await context.close();
    // Stopped once seen: a bot on every pair and exchange at 0,1 % would otherwise trade (writing trades, ledger
    // entries and notifications, and loading the engine and the database) for the rest of the stage.
    const stopped = await api<{ bot: { active: boolean } }>(token, 'POST', `/api/bots/${bot.id}/toggle`);
    expect(stopped.bot.active).toBe(false);
  }, 180_000);

  it("the system page draws the server's last minutes as it opens, then its book updates/s chart moves", async () => {
    const { page, context } = await openAsAdmin(browser);
    await page.getByRole('link', { name: 'Sistema' }).click();
    await waitForPath(page, '/admin/system');
    // The api has kept ≥ 10 s of points (a platform just started has fewer).
    const token = await storedToken(page);
    await until(
      async () => {
        const res = await fetch(`${baseUrl()}/api/admin/system?include=history`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { history?: unknown[] }).history?.length ?? 0;
      },
      (n) => n >= 12,
      'a API guarda os últimos segundos',
      30_000,
    );
    // A fresh load (the admin layout's live state starts empty): the chart holds more points than the page's own
    // live samples (one a second, LIVE_METRICS_INTERVAL_MS) since the load could give — the api's history, drawn as
    // the page opens. (It was 'at least 10 points within 4 s', the same claim on a quiet machine; counted against
    // the seconds gone by, it holds however long a busy machine takes to draw the page.)
    const opened = Date.now(); // before the reload: the new page's samples cannot have started earlier
    await page.reload();
    const liveAtMost = () => Math.floor((Date.now() - opened) / LIVE_METRICS_INTERVAL_MS) + 1;
    const chart = page.getByTestId('chart-book-updates');
    const line = chart.locator('path.recharts-line-curve').first();
    await line.waitFor({ timeout: 30_000 });
    const points = await until(
      async () => Number(await chart.getAttribute('data-points')),
      (n) => n >= 10 && n > liveAtMost(),
      'o gráfico começa com os últimos minutos do servidor',
      30_000,
    );
    expect(points).toBeGreaterThanOrEqual(10);
    // The line itself is drawn through them (one curve segment per point after the first).
    expect(((await line.getAttribute('d')) ?? '').match(/[LC]/g)?.length ?? 0).toBeGreaterThanOrEqual(9);
    const first = await line.getAttribute('d');
    await until(
      () => line.getAttribute('d'),
      (d) => d !== first,
      'o gráfico de atualizações/s se move',
      15_000,
    );
    const last = await page.getByTestId('chart-book-updates-last').innerText();
    expect(last).toMatch(/^\d[\d.]*,\d \/s/);
    expect(Number(last.split(' ')[0]!.replace(/\./g, '').replace(',', '.'))).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Feeds das exchanges' }).waitFor();
    await screenshot(page, 'admin-system');
    await context.close();
  }, 120_000);

  it("'Add User' sends an invitation: the new user sets a password from the mail and signs in", async () => {
    const { page, context } = await openAsAdmin(browser);
    const invited = newAccount('convite');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome').fill(invited.name);
    await dialog.getByLabel('Email').fill(invited.email);
    await screenshot(page, 'admin-add-user');
    await dialog.getByRole('button', { name: 'Criar e enviar convite' }).click();
    await page
      .getByText('Usuário criado. O convite para definir a senha foi enviado por email.')
      .first()
      .waitFor();
    await page.getByRole('cell', { name: invited.email }).waitFor();

    const mail = await waitForMail(invited.email, 'Convite para a Arbitra - defina sua senha');
    const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[\w-]+/.exec(
      mail.text ?? mail.html ?? '',
    )?.[0];
    expect(link).toBeDefined();
    await userMenu(page, 'Sair');
    await waitForPath(page, '/login');

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Redefinir senha' }).waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill(invited.password);
    await page.getByLabel('Confirmar nova senha').fill(invited.password);
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await waitForPath(page, '/login');
    await submitLogin(page, invited.email, invited.password);
    await waitForPath(page, '/dashboard');
    await screenshot(page, 'admin-invited-signed-in');
    await context.close();
  }, 90_000);
});
