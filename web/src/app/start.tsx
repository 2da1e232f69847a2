import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app';

/**
 * Set by the build on #root when it holds a page's prerendered HTML (web/vite.config.ts, src/prerender.tsx): the
 * path that HTML is the page of.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Starts the app in `container` (#root). When it holds the prerendered HTML of this very path ('/' and '/demo':
 * painted before any script ran), the renderer adopts that markup (hydration) instead of drawing the page again;
 * anything else starts from an empty container. The renderer is Preact through its React API (web/build/react-renderer.ts,
 * REACT_ALIASES): hydration waits for each lazy chunk with the prerendered HTML still on screen.
 */
export function startApp(container: HTMLElement): Root {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const prerenderedPath = container.getAttribute(PRERENDERED_ATTRIBUTE);
  if (prerenderedPath === window.location.pathname && container.firstChild)
    return hydrateRoot(container, app);
  container.replaceChildren();
  const root = createRoot(container);
  root.render(app);
  return root;
}
