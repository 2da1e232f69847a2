import { useEffect, useState } from 'react';

/**
 * Whether the element is near the viewport (within `rootMargin`). By default it latches: true from the first time
 * on (what is drawn below the fold once, the charts and their library, waits for it, so a first visit does not pay
 * for what it cannot see); `{ once: false }` follows the element in and out of view (what redraws while seen).
 * Without IntersectionObserver (old browsers, jsdom) it is true at once. Returns a callback ref for the element.
 */
export function useInView<T extends Element>(
  rootMargin = '200px',
  { once = true }: { once?: boolean } = {},
): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const settled = once && inView;
  useEffect(() => {
    if (settled || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((e) => e.isIntersecting);
        if (near || !once) setInView(near);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, settled, once, rootMargin]);
  return [setElement, inView];
}
