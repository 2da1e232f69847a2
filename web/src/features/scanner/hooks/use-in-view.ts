import { useEffect, useState } from 'react';

/**
 * Whether the element has come near the viewport (within `rootMargin`); true from then on. What is drawn below
 * the fold (the charts and their library) waits for it, so a first visit does not pay for what it cannot see.
 * Without IntersectionObserver (old browsers, jsdom) it is true at once. Returns a callback ref for the element.
 */
export function useInView<T extends Element>(rootMargin = '200px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (inView || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setInView(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, inView, rootMargin]);
  return [setElement, inView];
}
