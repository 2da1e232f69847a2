import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import { App } from './app';

/**
 * Set by the build on #root when it holds a page's prerendered HTML (web/vite.config.ts, src/prerender.tsx): the
 * path that HTML is the page of.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export type StartOptions = Pick<HydrationOptions, 'onRecoverableError'>;

/**
 * Starts the app in `container` (#root). When it holds the prerendered HTML of this very path ('/' and '/demo':
 * painted before any script ran), React adopts that markup (hydration) instead of drawing the page again; anything
 * else starts from an empty container.
 *
 * Either way the first render runs as a transition: React renders it in slices of a few milliseconds, yielding to
 * the browser between them, instead of one long task that blocks input on a slow phone (Lighthouse's total blocking
 * time). Hydration waits for each lazy chunk with the prerendered HTML still on screen.
 */
export function startApp(container: HTMLElement, options: StartOptions = {}): Root {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const prerenderedPath = container.getAttribute(PRERENDERED_ATTRIBUTE);
  if (prerenderedPath === window.location.pathname && container.firstChild) {
    let root!: Root;
    startTransition(() => {
      root = hydrateRoot(container, app, options);
    });
    return root;
  }
  container.replaceChildren();
  const root = createRoot(container, options);
  startTransition(() => {
    root.render(app);
  });
  return root;
}
