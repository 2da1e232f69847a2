/**
 * Polls `fn` until it gives a value other than undefined, or `ms` have passed (then its last answer,
 * undefined). For what a test waits on: a row, an event, a runner's state.
 */
export async function waitFor<T>(
  fn: () => Promise<T | undefined> | T | undefined,
  ms: number,
  every = 50,
): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, every));
  }
}
