import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeEverythingBot } from '../../scripts/test-support/bots.js';
import { ROUTES, backtestPath } from '../src/config/routes.js';
import { ADMIN, loginByApi, openSignedIn, waitForPath } from './support/accounts.js';
import { baseUrl, closeBrowser, launchBrowser, newPage } from './support/browser.js';

/**
 * Phone first (issue 27): every route — public, user and admin — at 390×844, once its data has arrived (no
 * /api request in flight, no loader), scrolls no sideways (`document.documentElement.scrollWidth ≤ 390`), the
 * signed-in header's title is whole, and the deciding figure of the first row (`[data-deciding]`: the scanner's
 * net %, a trade's R$ profit, a bot's state, a simulation's profit, a payment's value…) is inside the viewport and
 * not hidden under anything. With SCREENSHOT_REVIEW=1 the same walk also saves every page at 1366 and 390 px under
 * web/e2e/screenshots/review (not committed) for a person to look at.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };
const REVIEW = process.env.SCREENSHOT_REVIEW === '1';
const REVIEW_DIR = path.resolve(import.meta.dirname, 'screenshots/review');

interface Visit {
  path: string;
  /** A file name for the screenshot. */
  name: string;
  /** Rows with a deciding figure must be there (the page lists something this account has). */
  rows?: boolean;
  /** What a person does first on the page (a filter). */
  first?: (page: Page) => Promise<void>;
}

const PUBLIC: Visit[] = [
  ROUTES.home,
  ROUTES.demo,
  ROUTES.tutorial,
  ROUTES.knowledgeBase,
  ROUTES.about,
  ROUTES.blog,
  ROUTES.careers,
  ROUTES.press,
  ROUTES.status,
  ROUTES.api,
  ROUTES.help,
  ROUTES.webinars,
  ROUTES.support,
  ROUTES.terms,
  ROUTES.privacy,
  ROUTES.contact,
  ROUTES.newsletterConfirm,
  ROUTES.login,
  ROUTES.register,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
  ROUTES.confirmEmail,
].map((p) => ({ path: p, name: `public${p === '/' ? '-home' : p.replaceAll('/', '-')}` }));

const DASHBOARD_TABS = [
  'overview',
  'bots',
  'opportunities',
  'trades',
  'taxes',
  'exchanges',
  'notifications',
  'subscription',
  'profile',
];

const USER: Visit[] = [
  ...DASHBOARD_TABS.map((tab) => ({
    path: `${ROUTES.dashboard}?tab=${tab}`,
    name: `user-${tab}`,
    rows: tab === 'opportunities' || tab === 'trades' || tab === 'bots',
    // The demo user's trades are last month's: the whole history.
    first:
      tab === 'trades'
        ? (page: Page) =>
            page.getByRole('group', { name: 'Período' }).getByRole('button', { name: 'Tudo' }).click()
        : undefined,
  })),
  { path: ROUTES.bots, name: 'user-bots-page', rows: true },
  { path: ROUTES.backtests, name: 'user-backtests' },
  { path: ROUTES.security, name: 'user-security' },
  { path: ROUTES.payment, name: 'user-payment' },
  { path: ROUTES.taxSummary, name: 'user-tax-summary' },
];

/** Admin pages; `rows`: the ones that always list something (users, the engines' feeds, the audit log). */
const ADMIN_PAGES: Visit[] = [
  [ROUTES.admin, true],
  [ROUTES.adminUsers, true],
  [ROUTES.adminRevenue, false],
  [ROUTES.adminSystem, true],
  [ROUTES.adminSecurity, true],
  [ROUTES.adminSettings, false],
  [ROUTES.adminMessages, false],
].map(([p, rows]) => ({
  path: p as string,
  name: (p as string).replaceAll('/', '-').slice(1),
  rows: !!rows,
}));

/** /api requests (fetch, XHR) in flight on each page: the page's data has arrived when none is left. */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackApi(page: Page): void {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  const isApi = (r: { url(): string; resourceType(): string }) =>
    new URL(r.url()).pathname.startsWith('/api/') && ['fetch', 'xhr'].includes(r.resourceType());
  page.on('request', (r) => isApi(r) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/** A page's loader ('Carregando…', the Spinner's label) is showing. */
const LOADING = `[...document.querySelectorAll('[role="status"]')].some((el) => /Carregando/.test(el.textContent ?? ''))`;

/**
 * The page's data has arrived: no /api request in flight and no loader, on four looks in a row 150 ms apart (a
 * page's queries start only once its code and the session are in, and some follow the first). False after 30 s.
 */
async function dataArrived(page: Page): Promise<boolean> {
  const pending = inFlight.get(page) ?? new Set();
  const end = Date.now() + 30_000;
  let quietLooks = 0;
  while (Date.now() < end) {
    const quiet = pending.size === 0 && !(await page.evaluate<boolean>(LOADING));
    quietLooks = quiet ? quietLooks + 1 : 0;
    if (quietLooks >= 4) return true;
    await page.waitForTimeout(150);
  }
  return false;
}

/** The page has drawn: its data in (false when it never came), fonts in, two frames after. */
async function settled(page: Page): Promise<boolean> {
  await page.waitForLoadState('load');
  const arrived = await dataArrived(page);
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
  return arrived;
}

interface PhoneCheck {
  scrollWidth: number;
  title: { text: string; cut: boolean } | null;
  deciding: { left: number; right: number; top: number; text: string; covered: boolean } | null;
}

/** What a person on a 390 px phone would check. */
function measure(page: Page): Promise<PhoneCheck> {
  // A string (the e2e files are compiled without the DOM library): runs in the page.
  return page.evaluate<PhoneCheck>(`(() => {
    const h1 = document.querySelector('header h1');
    const first = [...document.querySelectorAll('[data-deciding]')].find((el) => el.getClientRects().length > 0);
    first?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const box = first?.getBoundingClientRect();
    // What a person sees at the figure's middle: the figure itself, not a header or a panel over it.
    const hit = box ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) : null;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      title: h1
        ? { text: h1.innerText, cut: h1.scrollWidth > h1.clientWidth + 1 || h1.scrollHeight > h1.clientHeight + 1 }
        : null,
      deciding: first && box
        ? { left: box.left, right: box.right, top: box.top, text: first.innerText.trim(), covered: !(hit && first.contains(hit)) }
        : null,
    };
  })()`);
}

async function save(page: Page, size: { width: number }, name: string): Promise<void> {
  const dir = path.join(REVIEW_DIR, String(size.width));
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Visits each page at 390 px, checks it, and (review) saves it at 1366 and 390 px. */
async function walk(page: Page, visits: Visit[]): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  if (!inFlight.has(page)) trackApi(page);
  for (const visit of visits) {
    const found: string[] = [];
    await page.setViewportSize(PHONE);
    await page.goto(visit.path);
    if (!(await settled(page))) found.push('os dados não chegaram em 30 s (carregando)');
    if (visit.first) {
      await visit.first(page);
      await settled(page);
    }
    if (visit.rows) {
      await page
        .locator('[data-deciding]')
        .first()
        .waitFor({ timeout: 45_000 })
        .catch(() => found.push('nenhuma linha com o número decisivo'));
    }
    const m = await measure(page);
    if (m.scrollWidth > PHONE.width) found.push(`rola para o lado: scrollWidth ${m.scrollWidth}`);
    if (m.title?.cut) found.push(`título cortado: '${m.title.text}'`);
    if (m.deciding && (m.deciding.left < 0 || m.deciding.right > PHONE.width))
      found.push(
        `número decisivo fora da tela: '${m.deciding.text}' em ${m.deciding.left}–${m.deciding.right}`,
      );
    else if (m.deciding?.covered) found.push(`número decisivo encoberto: '${m.deciding.text}'`);
    if (found.length) problems[visit.path] = found;
    if (REVIEW) {
      await page.evaluate('window.scrollTo(0, 0)');
      await save(page, PHONE, visit.name);
      await page.setViewportSize(DESKTOP);
      await settled(page);
      await save(page, DESKTOP, visit.name);
    }
  }
  return problems;
}

/** The first link of a list page that leads to one of its items (an article, a post). */
async function firstItem(page: Page, list: string, prefix: string): Promise<Visit> {
  await page.goto(list);
  const href = await page
    .locator(`main a[href^="${prefix}"]`)
    .first()
    .getAttribute('href', { timeout: 15_000 });
  expect(href).toBeTruthy();
  return { path: href!, name: `public${prefix.replaceAll('/', '-')}item` };
}

describe('every route on a 390 px phone (issue 27)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('public pages', { timeout: 600_000 }, async () => {
    const { page, context } = await newPage(browser);
    const items = [
      await firstItem(page, ROUTES.knowledgeBase, '/knowledge-base/'),
      await firstItem(page, ROUTES.blog, '/blog/'),
    ];
    // The scanner's rows: /demo lists the live opportunities.
    const visits = PUBLIC.map((v) => (v.path === ROUTES.demo ? { ...v, rows: true } : v));
    expect(await walk(page, [...visits, ...items])).toEqual({});
    await context.close();
  });

  it("a user's pages (the seeded demo user: live trades, and a bot)", { timeout: 600_000 }, async () => {
    const session = await loginByApi('demo@arbitra.local', 'demo12345');
    const { token } = session;
    const { page, context } = await openSignedIn(browser, session, { viewport: PHONE });
    const bots = (await (
      await fetch(`${baseUrl()}/api/bots`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as unknown[];
    if (bots.length === 0) {
      const res = await fetch(`${baseUrl()}/api/bots`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Bot do celular',
          pairs: ['BTC/USDT'],
          exchanges: ['binance', 'bybit'],
          maxInvestment: 1000,
          minProfitPercent: 0.1,
        }),
      });
      expect(res.status).toBe(201);
    }
    // A finished simulation: its row in /backtests and its page with the trades.
    const created = await fetch(`${baseUrl()}/api/backtests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        bot: { ...tradeEverythingBot('Simulação do celular'), maxInvestment: 10_000 },
        source: { kind: 'simulated', seed: 27, durationMs: 3_600_000, volatility: 'normal' },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const backtest = ((await created.json()) as { backtest: { id: string } }).backtest;
    const visits = USER.map((v) => (v.path === ROUTES.backtests ? { ...v, rows: true } : v));
    visits.push({ path: backtestPath(backtest.id), name: 'user-backtest', rows: true });
    expect(await walk(page, visits)).toEqual({});
    await context.close();
  });

  it('the admin console', { timeout: 600_000 }, async () => {
    const { page, context } = await openSignedIn(browser, await loginByApi(ADMIN.email, ADMIN.password), {
      path: ROUTES.admin,
    });
    expect(await walk(page, ADMIN_PAGES)).toEqual({});
    await context.close();
  });
});

/** The phone's menu: the same navigation behind 'Abrir menu', closed once an entry is followed. */
describe('the signed-in navigation on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('opens from the header, marks the current page and closes on the way', async () => {
    const { page, context } = await openSignedIn(
      browser,
      await loginByApi('demo@arbitra.local', 'demo12345'),
      {
        viewport: PHONE,
      },
    );
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect
      .poll(() => nav.getByRole('link', { name: 'Visão geral' }).getAttribute('aria-current'))
      .toBe('page');
    await nav.getByRole('link', { name: 'Simulações' }).click();
    await waitForPath(page, ROUTES.backtests);
    await nav.waitFor({ state: 'hidden' });
    await page.getByRole('banner').getByRole('heading', { name: 'Simulações' }).waitFor();
    await context.close();
  });
});
