import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { constants as zlib } from 'node:zlib';
import { createServer, defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { classMergeTablePlugin } from './build/class-merge-table.ts';
import { REACT_ALIASES, REACT_API_PACKAGES } from './build/react-renderer.ts';
import type { PrerenderedPage } from './src/prerender';

/**
 * Pages whose HTML names, besides the entry, the lazy chunks they render at once (issue 17): their own HTML file
 * (dist/routes/<name>.html, which the api sends for that path: api/src/common/http/web-serving.ts) preloads
 * them with the entry, so a lazy page costs no extra round trip on a first visit. Keys: the path; values: the
 * modules (under web/src) of the lazy route elements shown at that path.
 */
const PRELOADED_ROUTES: Record<string, string[]> = {
  '/': [
    'app/query-provider.tsx',
    'components/layout/public-layout.tsx',
    'features/landing/components/landing-page.tsx',
  ],
  '/demo': [
    'app/query-provider.tsx',
    'components/layout/public-layout.tsx',
    'features/scanner/components/demo-page.tsx',
  ],
  '/login': ['features/auth/components/login-page.tsx'],
};

/**
 * Pages of PRELOADED_ROUTES whose HTML also carries their first view, prerendered at build time (src/prerender.tsx:
 * the real page as React renders it first for a visitor, before any server data), so the browser paints it before
 * any script has arrived; app/start.tsx hydrates it (issue 17: first contentful and largest contentful paint).
 */
const PRERENDERED_ROUTES = ['/', '/demo'] as const;

/**
 * TanStack Query's modules that only signed-in pages use (useQueries: the bots list; mutations: the forms): left
 * out of the 'query' chunk group, which / and /demo load (build.rolldownOptions below).
 */
const QUERY_GROUP_EXCLUDED = /[\\/](useQueries|queriesObserver|useMutation|mutationObserver)\.js$/;

/** Set on #root with the path the prerendered markup is the page of (app/start.tsx, PRERENDERED_ATTRIBUTE). */
const PRERENDERED_ATTRIBUTE = 'data-prerendered';

const SRC_DIR = fileURLToPath(new URL('./src', import.meta.url));

/**
 * React Router's package exports only its development build to bundlers (its dev warnings and checks run on every
 * render: a good part of the router's share of the first render on a throttled phone, issue 33); its production
 * build sits beside it and is what the app runs, react-router-dom included (it re-exports both entries).
 */
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
const ALIASES = [
  ...REACT_ALIASES,
  { find: /^react-router$/, replacement: routerBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
  // Its ES module (Node's resolution picks the CommonJS one, where the prerender loads it through Vite).
  {
    find: /^react-router-dom$/,
    replacement: fileURLToPath(new URL('../node_modules/react-router-dom/dist/index.mjs', import.meta.url)),
  },
  {
    find: '@arbitra/contracts',
    replacement: fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)),
  },
  { find: '@', replacement: SRC_DIR },
];

/**
 * Renders PRERENDERED_ROUTES with src/prerender.tsx, loaded through a Vite server of its own (middleware mode: no
 * port, no watcher; the app's TypeScript and aliases, its packages from node_modules as they are).
 */
async function prerenderRoutes(routes: readonly string[]): Promise<Map<string, PrerenderedPage>> {
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    plugins: [react(), classMergeTablePlugin(SRC_DIR)],
    resolve: { alias: ALIASES },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    ssr: { noExternal: [REACT_API_PACKAGES] },
  });
  try {
    const { prerenderPage } = (await server.ssrLoadModule(
      '/src/prerender.tsx',
    )) as typeof import('./src/prerender');
    const pages = new Map<string, PrerenderedPage>();
    for (const route of routes) pages.set(route, await prerenderPage(route));
    return pages;
  } finally {
    await server.close();
  }
}

/**
 * A page's HTML with its prerendered first view in #root and its <title>. Its scripts are fetched with
 * `fetchpriority="low"`: the page is painted without any of them, which is what the hint tells the browser (and
 * Lighthouse's simulation, which counts a high-priority script that finished loading before the observed first
 * paint as blocking it; on a loopback server every script has finished by then). The entry (src/main.tsx) sees
 * PRERENDERED_ATTRIBUTE and starts the app only after the first paint.
 */
function withPrerendered(html: string, route: string, page: PrerenderedPage): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root))
    throw new Error(`index.html sem '${root}': a página ${route} não pode ser pré-renderizada`);
  let out = html.replace(root, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${route}">${page.html}</div>`);
  out = out
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    )
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin');
  if (page.title) out = out.replace(/<title>[^<]*<\/title>/, () => page.title ?? '');
  return out;
}

/** The file of a path of PRELOADED_ROUTES: '/' → routes/index.html, '/login' → routes/login.html (the api's rule too). */
const routeHtmlFile = (route: string) => `routes/${route.slice(1) || 'index'}.html`;

/**
 * What the built HTML carries itself instead of asking for it (issue 17, first load):
 * - the stylesheet, inlined as a <style> (no render-blocking request; the CSP allows inline styles);
 * - the favicon, as a data: URL (no request, first visit or repeat);
 * - for each page of PRELOADED_ROUTES, a copy of index.html with <link rel="modulepreload"> of its lazy chunks,
 *   and for those of PRERENDERED_ROUTES their prerendered first view in #root.
 */
function firstLoadHtml(): Plugin {
  const favicon = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
  const faviconUrl = `data:image/svg+xml,${encodeURIComponent(favicon)}`;
  let prerendered: Promise<Map<string, PrerenderedPage>> | undefined;
  return {
    name: 'arbitra:first-load-html',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      // Rendered while the bundle is being built; awaited when the pages' HTML is written.
      prerendered = prerenderRoutes(PRERENDERED_ROUTES);
      prerendered.catch(() => undefined);
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      let html = String(index.source).replace('href="/favicon.svg"', `href="${faviconUrl}"`);
      html = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const css = bundle[file];
        if (css?.type !== 'asset') return tag;
        // Nor may a lazy chunk fetch it again: Vite lists a chunk's stylesheet among the preload dependencies of
        // the dynamic imports that need that chunk (its import analysis runs after this hook).
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk') chunk.viteMetadata?.importedCss.delete(file);
        return `<style>${String(css.source).trim()}</style>`;
      });
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      index.source = html;

      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const staticClosure = (files: string[], into = new Set<string>()) => {
        for (const file of files) {
          if (into.has(file)) continue;
          into.add(file);
          staticClosure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const initial = staticClosure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const pages = await (prerendered ?? prerenderRoutes(PRERENDERED_ROUTES));
      for (const route of PRERENDERED_ROUTES)
        if (!PRELOADED_ROUTES[route])
          this.error(`PRERENDERED_ROUTES: '${route}' não está em PRELOADED_ROUTES`);
      for (const [route, modules] of Object.entries(PRELOADED_ROUTES)) {
        const roots = modules.map((m) => {
          // The chunk that holds the module (its own, or a group's of codeSplitting.groups below).
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/src/${m}`)));
          if (!chunk) this.error(`PRELOADED_ROUTES['${route}']: no chunk for src/${m}`);
          return chunk.fileName;
        });
        const links = [...staticClosure(roots)]
          .filter((f) => !initial.has(f))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('\n    ');
        const page = pages.get(route);
        const withLinks = html.replace('</head>', `  ${links}\n  </head>`);
        this.emitFile({
          type: 'asset',
          fileName: routeHtmlFile(route),
          source: page ? withPrerendered(withLinks, route, page) : withLinks,
        });
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    classMergeTablePlugin(SRC_DIR),
    firstLoadHtml(),
    // Precompressed copies (.br, .gz) beside every built text file: the api sends them as they are
    // (api/src/common/http/web-serving.ts), so nothing is compressed per request. Even a file too small to
    // gain gets its copies: every asset goes out compressed, one rule for all.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      skipIfLargerOrEqual: false,
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: ALIASES },
  server: {
    port: 5173,
    proxy: {
      // Only /api/… goes to the server: '/api' itself is a page of the app (SPEC §2).
      '^/api/': 'http://localhost:3000',
      // /docs is the server's interactive API reference (Swagger UI and its assets).
      '^/docs': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Fewer, fuller chunks (issue 17): every file costs a request and ~0.9 KB of response headers (the security
    // headers ride on every answer), and automatic splitting made ~190 of them, 17 on /login. 'web': everything the
    // entry imports statically, in one file. 'query': TanStack Query with its provider, shared by every page that
    // reads server data, and what / and /demo load with it: TanStack's modules that no public page uses (the bots
    // list's useQueries, mutations) stay out of it, in the chunks of the signed-in pages that import them
    // (QUERY_GROUP_EXCLUDED; issue 33: useQueries in this group cost / its byte budget).
    // experimentalInlineCommonChunks: a shared chunk under 12 KB (source) is copied into each chunk that uses it (a
    // button, an icon, a message catalogue) instead of being a file of its own; rolldown keeps one module state for
    // the copies (strict execution order).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'web',
              test: /src[\\/](main\.tsx|app[\\/]start\.tsx)$/,
              priority: 20,
            },
            {
              name: 'query',
              test: (id: string) =>
                /node_modules[\\/]@tanstack[\\/]|src[\\/]app[\\/]query-provider|src[\\/]lib[\\/]query-client/.test(
                  id,
                ) && !QUERY_GROUP_EXCLUDED.test(id),
              priority: 10,
            },
          ],
          experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
        },
      },
    },
  },
});
