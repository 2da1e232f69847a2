import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** Whether no page of this app has been shown in this document yet. */
let documentJustLoaded = true;

/**
 * Scrolls to the '#section' of the URL, or to the top when the page changes without one. Not for the page the
 * document was loaded with (without a '#'): the browser is already where it should be, and on a prerendered page
 * ('/', '/demo') the visitor may have scrolled before React took over (hydration) — that is not undone.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  // 'POP' for the location the document was loaded with (not reached by a link of the app).
  const navigationType = useNavigationType();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const key = `${pathname}${hash}`;
    const arrival = documentJustLoaded && navigationType === NavigationType.Pop;
    documentJustLoaded = false;
    // StrictMode runs the effect twice in development: the second run is not a change.
    const again = shown.current === key;
    shown.current = key;
    if (again) return;
    if (!hash) {
      if (!arrival) window.scrollTo({ top: 0 });
      return;
    }
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
  }, [pathname, hash, navigationType]);
  return null;
}
