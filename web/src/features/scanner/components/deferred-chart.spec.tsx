import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '@/testing/intersection-observer';
import { PREMIUM } from '../testing/fixtures';
import { UsdtBrlPremiumCard } from './usdt-brl-premium';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.instances = [];
});

describe('charts below the fold (issue 17: recharts out of the first load)', () => {
  it('draws the USDT/BRL premium chart only once its box comes into view, in a box of the same height', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<UsdtBrlPremiumCard premium={PREMIUM} />);
    // Even with the chart's module loaded (so a lazy component would have resolved), nothing is drawn until then.
    await act(async () => {
      await import('./usdt-brl-premium-chart');
    });
    // The figures are there at once; the chart is not, but its box already has its height.
    expect(screen.getByTestId('agio-spread').textContent).toBe('Mercado Bitcoin vs. Binance+0,367%');
    expect(screen.queryByRole('img', { name: /Ágio do USDT\/BRL/ })).toBeNull();
    const box = FakeIntersectionObserver.instances.flatMap((o) => o.elements)[0];
    expect(box?.className).toContain('h-44');

    act(() => FakeIntersectionObserver.intersect());
    expect(await screen.findByRole('img', { name: /Ágio do USDT\/BRL/ })).toBeDefined();
  });
});
