import { StrictMode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { PrerenderingContext } from './components/layout/document-title';
import { createSessionStore } from './lib/session';

/**
 * Build time only (web/vite.config.ts, PRERENDERED_ROUTES; never part of the app's bundle): the HTML React renders
 * first at a path, for a visitor (no session) before any server data has come (the live figures, the plans, the
 * scanner: their loading state, as the browser draws it). The build writes it into that page's own HTML
 * (dist/routes/<page>.html), so the page is painted before its scripts arrive; app/start.tsx then hydrates it:
 * the same tree, the same markup, nothing redrawn (issue 17). Whatever depends on the browser waits for the
 * hydration (useHydrated, the server snapshots of the session, socket and toasts).
 */

/** The browser storage of a first visit: empty (the session store reads it). */
class EmptyStorage implements Storage {
  readonly length = 0;
  clear(): void {}
  getItem(): string | null {
    return null;
  }
  key(): string | null {
    return null;
  }
  removeItem(): void {}
  setItem(): void {}
}

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** The page's `<title>` element (DocumentTitle): React puts it at the start of a fragment's markup; it goes in <head>. */
  title: string | null;
}

const TITLE = /<title>[^<]*<\/title>/;
/** What must not be in #root: a script (the CSP allows none inline), or an element that belongs in <head>. */
const FORBIDDEN = /<(?:script|link|meta|style|title)\b/;
/**
 * The page at `path` as the app renders it first for a visitor. Preact's renderer (web/vite.config.ts,
 * REACT_ALIASES) waits for every lazy part and throws if any part of it failed to render.
 */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const markup = await renderToStringAsync(
    <StrictMode>
      <PrerenderingContext.Provider value>
        <AppProviders sessionStore={createSessionStore(new EmptyStorage())}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PrerenderingContext.Provider>
    </StrictMode>,
  );
  const title = TITLE.exec(markup)?.[0] ?? null;
  const html = markup.replace(TITLE, '');
  const forbidden = FORBIDDEN.exec(html);
  if (forbidden) {
    const around = html.slice(Math.max(0, forbidden.index - 200), forbidden.index + 300);
    throw new Error(`prerender de ${path}: '${forbidden[0]}' no HTML da página: …${around}…`);
  }
  return { html, title };
}
