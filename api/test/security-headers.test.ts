import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { useTestPlatform } from './support/test-platform.js';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Issue 13, finding 2: the headers a browser needs to contain an XSS and refuse framing, on every kind of answer. */
describe('security headers', () => {
  const t = useTestPlatform({ env: { WEB_DIST_DIR: webDist } });

  const expectHardened = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('x-powered-by')).toBeNull();
  };

  it('the app HTML has them, and the build has no inline script the CSP would block', async () => {
    const res = await fetch(`${t.platform.baseUrl}/`);
    expect(res.status).toBe(200);
    expectHardened(res.headers);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, body] of scripts) {
      expect(tag).toMatch(/\ssrc="\//);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+="/i);
  });

  it('an asset has them', async () => {
    const asset = readdirSync(path.join(webDist, 'assets')).find((f) => f.endsWith('.js'));
    const res = await fetch(`${t.platform.baseUrl}/assets/${asset}`);
    expect(res.status).toBe(200);
    expectHardened(res.headers);
    expect(readFileSync(path.join(webDist, 'index.html'), 'utf8')).toContain('<div id="root">');
  });

  it('an API answer has them, and is never stored (it may carry tokens or secrets)', async () => {
    const res = await fetch(`${t.platform.baseUrl}/api/plans`);
    expect(res.status).toBe(200);
    expectHardened(res.headers);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const login = await fetch(`${t.platform.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ninguem@exemplo.com.br', password: 'qualquer-coisa' }),
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
  });

  it('sends HSTS only in production (TLS is in front there)', async () => {
    const res = await fetch(`${t.platform.baseUrl}/api/plans`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('refuses a form-encoded body with 415 and a pt-BR message (JSON only)', async () => {
    const res = await fetch(`${t.platform.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.com&password=12345678',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      message: 'Envie o corpo da requisição em JSON (Content-Type: application/json)',
      code: 'unsupported_media_type',
    });
  });

  it("opens the socket only from the app's origin", async () => {
    const tryOrigin = (origin: string) =>
      new Promise<boolean>((resolve) => {
        const s = connect(t.platform.baseUrl, {
          transports: ['websocket'],
          extraHeaders: { origin },
          reconnection: false,
        });
        s.once('connect', () => (s.close(), resolve(true)));
        s.once('connect_error', () => (s.close(), resolve(false)));
      });
    expect(await tryOrigin('https://evil.example')).toBe(false);
    expect(await tryOrigin(new URL(t.platform.baseUrl).origin)).toBe(true);
    const polling = await fetch(`${t.platform.baseUrl}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(polling.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  it('readiness with a part down (no engine yet, as at start-up): 503 as such, no internal counts for anonymous callers', async () => {
    const res = await fetch(`${t.platform.baseUrl}/api/health/ready`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as Record<string, unknown> & {
      details: Record<string, Record<string, unknown>>;
    };
    expect(body).toMatchObject({ status: 'error', code: 'service_unavailable' });
    expect(body).not.toHaveProperty('correlationId');
    expect(body.details.engine).toEqual({ status: 'down', message: 'indisponível' });
    expect(Object.keys(body.details.queue ?? {}).sort()).toEqual(['backend', 'status']);
    expect(Object.keys(body.details.database ?? {})).toEqual(['status']);
  });
});
