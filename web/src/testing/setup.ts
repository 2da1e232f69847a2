import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

// findBy…/waitFor wait on conditions; 1 s (the default) is too short on a busy machine (issue 13, finding 8).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling is a no-op here.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// Preact runs effects and unmount cleanups "after paint": a requestAnimationFrame raced by a 100 ms timer, which then
// calls cancelAnimationFrame. A timer left by a file's last test could fire after vitest had torn the jsdom window
// down, and the missing cancelAnimationFrame failed the run as an unhandled error (issue 28). Here "after paint" is a
// timer this file knows about, and each test ends by running what is still scheduled, while its window exists.
const afterPaint = new Map<ReturnType<typeof setTimeout>, () => void>();
options.requestAnimationFrame = (callback) => {
  const timer = setTimeout(() => {
    afterPaint.delete(timer);
    callback();
  });
  afterPaint.set(timer, callback);
};
function flushAfterPaint(): void {
  for (let round = 0; afterPaint.size > 0 && round < 10; round += 1) {
    const due = [...afterPaint];
    afterPaint.clear();
    for (const [timer, callback] of due) {
      clearTimeout(timer);
      callback();
    }
  }
}

afterEach(() => {
  cleanup();
  flushAfterPaint();
  window.localStorage.clear();
});
