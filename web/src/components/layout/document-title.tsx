import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * True in the build's prerender (src/prerender.tsx) only: there the title is markup, which the build moves into the
 * page's <head> (web/vite.config.ts).
 */
export const PrerenderingContext = createContext(false);

/**
 * Sets the browser tab title. The renderer is Preact (web/build/react-renderer.ts), which does not hoist a <title>
 * into <head> as React 19 does: a <title> in the page's body left the tab on index.html's "Arbitra" (issue 28).
 */
export function DocumentTitle({ title }: { title?: string }) {
  const text = title ? `${title} · Arbitra` : 'Arbitra · Arbitragem de criptomoedas em tempo real';
  const prerendering = useContext(PrerenderingContext);
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = text;
    return () => {
      // Back to the title before this page, unless a page after it has already set its own.
      if (document.title === text) document.title = previous;
    };
  }, [text]);
  return prerendering ? <title>{text}</title> : null;
}
