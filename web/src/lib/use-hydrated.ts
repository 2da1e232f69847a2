import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while React adopts the page's prerendered HTML (hydration, app/start.tsx) and in the build's prerender
 * (src/prerender.tsx); true in every other render. What depends on this browser (the stored session) waits for it,
 * so the prerendered markup — the same for every visitor — never shows something that then changes meaning.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
