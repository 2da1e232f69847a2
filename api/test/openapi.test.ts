import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../scripts/test-support/platform.js';
import { useTestPlatform } from './support/test-platform.js';
import { register } from './support/http.js';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  requestBody?: {
    content: { 'application/json': { schema: { properties?: Record<string, unknown> }; example?: unknown } };
  };
  responses: Record<
    string,
    {
      content?: {
        'application/json': { schema: { $ref?: string }; example?: { message: string; code: string } };
      };
    }
  >;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

/** Express's own table of the routes it answers (the routes Nest registered from the controllers). */
function expressRoutes(platform: TestPlatform): { method: string; path: string }[] {
  const express = platform.api.app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  const out: { method: string; path: string }[] = [];
  for (const layer of express.router.stack) {
    // Skip the web app's fallback ('{*any}') and catch-all handlers (every method), which are not controller routes.
    if (!layer.route || layer.route.path.includes('*') || Object.keys(layer.route.methods).length > 10)
      continue;
    for (const [method, on] of Object.entries(layer.route.methods))
      if (on && method !== '_all') out.push({ method, path: layer.route.path });
  }
  return out;
}

describe('/docs and /api/openapi.json: the whole REST API, generated from the code (issue 16)', () => {
  const t = useTestPlatform();
  const { call } = t;
  let doc: OpenApi;

  beforeAll(async () => {
    const res = await call<OpenApi>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  it('has every route a controller answers (a missing one fails here)', () => {
    // /metrics: the Prometheus scrape, left out of the REST reference (metrics.controller.ts says why)
    const own = new Set(['/docs', '/api/openapi.json', '/api/openapi.yaml', '/metrics']);
    const routes = expressRoutes(t.platform).filter((r) => !own.has(r.path) && !r.path.startsWith('/docs'));
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .map((r) => ({ ...r, openapi: r.path.replace(/:(\w+)/g, '{$1}') }))
      .filter((r) => !doc.paths[r.openapi]?.[r.method])
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it('stays within the 100 paths that /docs renders (past them Swagger UI shows only 4 operations)', () => {
    expect(Object.keys(doc.paths).length).toBeLessThanOrEqual(100);
  });

  it('documents auth, request bodies from the zod schemas with examples, and the pt-BR error shape', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const login = doc.paths['/api/auth/login']!.post!;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.requestBody!.content['application/json'].schema.properties!)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    expect(login.requestBody!.content['application/json'].example).toMatchObject({
      email: 'maria@exemplo.com.br',
    });
    const bots = doc.paths['/api/bots']!.get!;
    expect(bots.security).toEqual([{ bearer: [] }]);
    expect(bots.responses['401']!.content!['application/json'].example).toEqual({
      message: 'Sessão inválida ou expirada. Entre novamente.',
      code: 'unauthorized',
    });
    expect(bots.responses['401']!.content!['application/json'].schema.$ref).toBe('#/components/schemas/Erro');
    const prefs = doc.paths['/api/notifications/preferences']!.put!;
    expect(prefs.requestBody!.content['application/json'].schema.properties).toHaveProperty('preferences');
  });

  it('serves the interactive reference at /docs, and a developer calls the API with their token', async () => {
    const page = await fetch(`${t.platform.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const u = await register(call);
    const me = await call('GET', '/api/user/profile', { token: u.token });
    expect(me.status).toBe(200);
  });

  it('GET /api answers the web page to a browser and where the reference is to a program', async () => {
    const json = await call('GET', '/api');
    expect(json.body).toMatchObject({ docs: '/docs', openapi: '/api/openapi.json' });
  });
});
