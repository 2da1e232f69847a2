import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls to the '#section' of the URL, or to the top when the page changes without one. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0 });
      return;
    }
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
  }, [pathname, hash]);
  return null;
}
