import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestPlatform } from './support/test-platform.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire (still compressed when Content-Encoding says so). */
  raw: Buffer;
}

/** A plain HTTP GET that, unlike fetch, shows the bytes and the Content-Encoding as sent. */
function get(baseUrl: string, urlPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${urlPath}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(r: RawResponse): string {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(r.raw).toString();
  if (enc === 'gzip') return gunzipSync(r.raw).toString();
  return r.raw.toString();
}

const BROWSER = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
};

describe('serving the web app: precompressed, cached by content hash (issue 17 §1)', () => {
  let webDir: string;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "linha ${i}" }`).join(',')}];\n`;
  const indexHtml =
    '<!doctype html><html lang="pt-BR"><head><title>Arbitra</title><script type="module" src="/assets/index-Bx7fK2a9.js"></script></head><body><div id="root"></div></body></html>\n';
  const loginHtml = indexHtml.replace(
    '</head>',
    '<link rel="modulepreload" crossorigin href="/assets/login-page-C1cdWypw.js"></head>',
  );

  beforeAll(async () => {
    // A web build as `vite build` leaves it: hashed files under assets/, each with its .br and .gz beside it.
    webDir = mkdtempSync(path.join(tmpdir(), 'arbitra-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    const write = (name: string, text: string) => {
      writeFileSync(path.join(webDir, name), text);
      writeFileSync(path.join(webDir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(webDir, `${name}.gz`), gzipSync(text));
    };
    write('assets/index-Bx7fK2a9.js', script);
    write('index.html', indexHtml);
    // The page that has its own HTML (web/vite.config.ts, PRELOADED_ROUTES): index.html plus its preloads.
    mkdirSync(path.join(webDir, 'routes'));
    write('routes/login.html', loginHtml);
  });

  afterAll(async () => {
    rmSync(webDir, { recursive: true, force: true });
  });

  const t = useTestPlatform({ env: () => ({ WEB_DIST_DIR: webDir }) });

  it('sends a hashed asset as brotli, cached for a year as immutable, and gzip to a client without brotli', async () => {
    const br = await get(t.platform.baseUrl, '/assets/index-Bx7fK2a9.js', BROWSER);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.raw.length).toBeLessThan(script.length / 4);
    expect(decode(br)).toBe(script);

    const gz = await get(t.platform.baseUrl, '/assets/index-Bx7fK2a9.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(gz)).toBe(script);

    const plain = await get(t.platform.baseUrl, '/assets/index-Bx7fK2a9.js', {
      'accept-encoding': 'identity',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString()).toBe(script);
  });

  it('sends index.html (at / and at any page of the app) compressed with no-cache, and 304 when unchanged', async () => {
    for (const page of ['/', '/index.html', '/register', '/dashboard', '/api']) {
      const r = await get(t.platform.baseUrl, page, BROWSER);
      expect(r.status, page).toBe(200);
      expect(r.headers['cache-control'], page).toBe('no-cache');
      expect(r.headers['content-encoding'], page).toBe('br');
      expect(r.headers['content-type'], page).toMatch(/text\/html/);
      expect(decode(r), page).toBe(indexHtml);
    }
    const first = await get(t.platform.baseUrl, '/', BROWSER);
    const again = await get(t.platform.baseUrl, '/', {
      ...BROWSER,
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
  });

  it('sends a page that has its own HTML (routes/<page>.html) that file, the same way; other pages index.html', async () => {
    const login = await get(t.platform.baseUrl, '/login', BROWSER);
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers['content-type']).toMatch(/text\/html/);
    expect(decode(login)).toBe(loginHtml);
    const again = await get(t.platform.baseUrl, '/login', {
      ...BROWSER,
      'if-none-match': String(login.headers.etag),
    });
    expect(again.status).toBe(304);
    // '/' has no routes/index.html in this build: index.html; nor does a path that is not one page name.
    for (const page of ['/', '/login/', '/login/x'])
      expect(decode(await get(t.platform.baseUrl, page, BROWSER)), page).toBe(indexHtml);
  });

  it('answers a missing asset with 404, never with the page', async () => {
    const r = await get(t.platform.baseUrl, '/assets/nao-existe-123.js', BROWSER);
    expect(r.status).toBe(404);
    expect(decode(r)).not.toContain('<div id="root">');
  });

  it('compresses API JSON above the threshold and leaves small answers alone', async () => {
    const big = await get(t.platform.baseUrl, '/api/plans', { 'accept-encoding': 'gzip, br' });
    expect(big.status).toBe(200);
    const plans = JSON.parse(decode(big)) as unknown[];
    expect(plans.length).toBeGreaterThan(0);
    expect(decode(big).length).toBeGreaterThan(1024);
    expect(big.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(big.headers['cache-control'] ?? '').not.toMatch(/immutable/);

    const small = await get(t.platform.baseUrl, '/api/health', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.raw.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.raw.toString())).toBeTypeOf('object');

    const unknown = await get(t.platform.baseUrl, '/api/nao-existe', BROWSER);
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/json/);
  });
});
