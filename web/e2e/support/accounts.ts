import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { LEGAL_VERSION } from '@arbitra/contracts';
import { expect, inject } from 'vitest';
import { baseUrl, newPage, type StoredSession } from './browser.js';

export const ADMIN = { email: 'admin@arbitra.local', password: 'admin12345' } as const;

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** A new account's data; every test uses its own email. */
export function newAccount(label: string): TestAccount {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Teste ${label} ${id}`,
    email: `e2e-${label}-${id}@exemplo.com.br`,
    password: `senha-${id}-segura`,
  };
}

/**
 * Registers through the API (for tests about something else than the register screen); returns the session the
 * answer opens (its token and user). `base`: another platform than the shared one (a test that launches its own).
 */
export async function registerSessionByApi(account: TestAccount, base = baseUrl()): Promise<StoredSession> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: account.name,
      email: account.email,
      password: account.password,
      termsVersion: LEGAL_VERSION,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as StoredSession;
}

/** Registers through the API; returns the token. */
export async function registerByApi(account: TestAccount, base = baseUrl()): Promise<string> {
  return (await registerSessionByApi(account, base)).token;
}

/** Signs in through the API (POST /api/auth/login, an account without two-factor); returns the session. */
export async function loginByApi(email: string, password: string): Promise<StoredSession> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const answer = (await res.json()) as { access_token: string; user: StoredSession['user'] };
  return { token: answer.access_token, user: answer.user };
}

/**
 * A new browser context already signed in with `session` (stored as the login form stores it), on `path`: for the
 * tests that are not about the login form (auth.e2e.ts, the two-factor and the password tests sign in through it).
 * `viewport`: the window's size from the first paint (a phone); `base`: another platform than the shared one.
 */
export async function openSignedIn(
  browser: Browser,
  session: StoredSession,
  {
    path = '/dashboard',
    viewport,
    base = baseUrl(),
  }: { path?: string; viewport?: { width: number; height: number }; base?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, { session, base, viewport });
  await opened.page.goto(path);
  await waitForPath(opened.page, new URL(path, base).pathname);
  return opened;
}

/** Ends a session through the API (POST /api/auth/logout). */
export async function logoutByApi(token: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/auth/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/** Fills /login and submits (the page must be on /login). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await waitForPath(page, '/dashboard');
}

/** The 6-digit TOTP of `secret`, `offsetSeconds` from now (the server accepts the step before and after). */
export function totp(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** A 6-digit code that is valid for none of the steps the server accepts now. */
export async function wrongTotp(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-60, -30, 0, 30, 60].map((s) => totp(secret, s))));
  let n = 123456;
  while (valid.has(String(n))) n += 1;
  return String(n);
}

interface MailDevEmail {
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
}

/** Waits for a mail to `to` in the MailDev inbox the launcher started (its REST API). */
export async function waitForMail(to: string, subject: string, timeoutMs = 15_000): Promise<MailDevEmail> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await fetch(`${inject('mailInbox')}/email`);
    const mails = (await res.json()) as MailDevEmail[];
    const mail = mails.find((m) => m.subject === subject && m.to.some((t) => t.address === to));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nenhum email '${subject}' para ${to} em ${timeoutMs / 1000} s`);
}

/** The token this browser context keeps in localStorage (SPEC §9), or null when signed out. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate<string | null>("window.localStorage.getItem('token')");
}
