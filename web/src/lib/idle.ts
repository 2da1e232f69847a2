import { useEffect, useState } from 'react';

/**
 * Runs `run` once the browser is idle (requestIdleCallback: no task of the page waiting, e.g. after the hydration
 * of a page and its first renders), at the latest after `timeoutMs`; returns what cancels it. Where
 * requestIdleCallback is missing (Safari), in the next task. For work a page's first view does not need (the live
 * socket, figures that arrive later anyway): on a slow phone it then never lengthens the tasks that make the page
 * interactive (issue 33).
 */
export function whenIdle(run: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/** False until the browser has been idle once after the component mounted (see whenIdle). */
export function useIdle(timeoutMs?: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return undefined;
    return whenIdle(() => setIdle(true), timeoutMs);
  }, [idle, timeoutMs]);
  return idle;
}
