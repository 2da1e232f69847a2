import type { TestPlatform } from '../../../scripts/test-support/platform.js';

const VERBS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export interface Route {
  method: string;
  path: string;
}

/** The api's routes as Express holds them (Nest registers every controller method there). */
export function routesOf(platform: TestPlatform): Route[] {
  const express = platform.api.app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  const routes: Route[] = [];
  for (const layer of express.router.stack) {
    // The web app's catch-all (ServeStatic) serves files, not data.
    if (!layer.route || layer.route.path.includes('{*')) continue;
    // A layer on every verb is a pass-through (the static server's exclusions), not an endpoint.
    const verbs = Object.keys(layer.route.methods).filter((m) => VERBS.has(m.toUpperCase()));
    if (verbs.length === VERBS.size || layer.route.methods._all) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      const m = method.toUpperCase();
      if (on && VERBS.has(m) && !routes.some((r) => r.method === m && r.path === layer.route!.path))
        routes.push({ method: m, path: layer.route.path });
    }
  }
  return routes;
}
