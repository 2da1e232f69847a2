import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { LEGAL_VERSION } from '@arbitra/contracts';

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (for malformed JSON and odd content types). */
  rawBody?: string;
  token?: string | undefined;
  /** Pretends to come from this client IP (the test platform sets TRUST_PROXY=loopback). */
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
}

/** A tiny JSON client for the api under test. */
export function client(baseUrl: string) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    o: RequestOptions = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.body !== undefined || o.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.ip) headers['x-forwarded-for'] = o.ip;
    headers['user-agent'] =
      o.userAgent ??
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: o.rawBody ?? (o.body !== undefined ? JSON.stringify(o.body) : undefined),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: body as T, headers: res.headers };
  };
}

export type Client = ReturnType<typeof client>;

let counter = 0;
/** A fresh email per call. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}@exemplo.com.br`;

/** A fresh documentation IP (TEST-NET) per call, so per-IP limits of one test do not touch another. */
let ipCounter = 1;
export const uniqueIp = () => `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

export interface RegisteredUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

export async function register(
  call: Client,
  over: Partial<{ name: string; email: string; password: string }> = {},
): Promise<RegisteredUser> {
  const input = {
    name: over.name ?? 'Maria da Silva',
    email: over.email ?? uniqueEmail(),
    password: over.password ?? 'senha-segura-123',
  };
  const res = await call<{ user: { id: string }; token: string }>('POST', '/api/auth/register', {
    // What the register screen sends: the Terms/Privacy version the user accepted.
    body: { ...input, termsVersion: LEGAL_VERSION },
    ip: uniqueIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    id: res.body.user.id,
    name: input.name,
    email: input.email,
    password: input.password,
    token: res.body.token,
  };
}

export async function login(
  call: Client,
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
  ip = uniqueIp(),
): Promise<HttpResult> {
  return call('POST', '/api/auth/login', { body: { email, password, ...extra }, ip });
}

/**
 * A TOTP code for the step `offset` steps from now. The api accepts the previous, current and next
 * step, each once: use -1, 0, 1 in this order for three successive codes.
 */
export function totp(secret: string, offset: -1 | 0 | 1 = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
}

export { tradeEverythingBot } from '../../../scripts/test-support/bots.js';
