import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdle, whenIdle } from './idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('runs once the browser reports idle time, with the timeout given, and not once cancelled', () => {
    const callbacks = new Map<number, () => void>();
    let next = 0;
    const requestIdleCallback = vi.fn((cb: () => void, options?: { timeout?: number }) => {
      void options;
      callbacks.set(++next, cb);
      return next;
    });
    const cancelIdleCallback = vi.fn((id: number) => callbacks.delete(id));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);

    const ran: string[] = [];
    whenIdle(() => ran.push('a'), 1_500);
    const cancel = whenIdle(() => ran.push('b'));
    expect(requestIdleCallback).toHaveBeenNthCalledWith(1, expect.any(Function), { timeout: 1_500 });
    expect(ran).toEqual([]);
    cancel();
    for (const cb of callbacks.values()) cb();
    expect(ran).toEqual(['a']);
  });

  it('falls back to the next task without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('useIdle', () => {
  it('is false on the first render and true once idle', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result } = renderHook(() => useIdle());
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(result.current).toBe(true);
  });
});
