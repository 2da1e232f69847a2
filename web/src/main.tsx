import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('elemento #root ausente em index.html');

/** Resolves in a later task: what runs after it is not part of the current long task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Resolves once the browser has painted the page (Paint Timing's first contentful paint), so the evaluation of the
 * app's code (a long task on a slow phone) never holds back the first paint of a prerendered page, which needs no
 * script to be seen (e.g. on a repeat visit, with the scripts cached). A hidden tab paints nothing: at once; a
 * browser without Paint Timing: two frames later; and after 3 s in any case.
 */
function firstPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (document.visibilityState === 'hidden' || painted()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => setTimeout(resolve, 0);
    if (
      typeof PerformanceObserver === 'function' &&
      PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      new PerformanceObserver(() => {
        if (painted()) done();
      }).observe({ type: 'paint', buffered: true });
      setTimeout(resolve, 3000);
    } else requestAnimationFrame(() => requestAnimationFrame(done));
  });
}

/**
 * The app starts in separate tasks (issue 33: no long task on a slow phone): after the first paint when the page
 * holds its prerendered first view (app/start.tsx, PRERENDERED_ATTRIBUTE), the app's modules are evaluated, then
 * the first render runs in a task of its own.
 */
async function start(container: HTMLElement) {
  if (container.hasAttribute('data-prerendered')) await firstPaint();
  const { startApp } = await import('./app/start');
  await nextTask();
  startApp(container);
}

void start(root);
