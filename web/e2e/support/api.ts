import { expect } from 'vitest';
import { baseUrl } from './browser.js';

/** A call to the platform's API as `token`'s user; fails the test on an answer that is not 2xx. */
export async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Polls `read` until `ok` holds, failing with the last value after `timeoutMs`. */
export async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > end)
      throw new Error(`${what}: não aconteceu em ${timeoutMs / 1000} s (último: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 250));
    last = await read();
  }
  return last;
}
