import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '@/testing/intersection-observer';
import { useInView } from './use-in-view';

function Probe({ once }: { once: boolean }) {
  const [ref, near] = useInView<HTMLDivElement>('200px', { once });
  return <div ref={ref}>{near ? 'perto' : 'longe'}</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.instances = [];
});

describe('useInView', () => {
  it('latches by default: near from the first time on', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<Probe once />);
    expect(screen.getByText('longe')).toBeDefined();
    act(() => FakeIntersectionObserver.intersect(true));
    expect(screen.getByText('perto')).toBeDefined();
    act(() => FakeIntersectionObserver.intersect(false));
    expect(screen.getByText('perto')).toBeDefined();
  });

  it('with once: false, follows the element in and out of view', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<Probe once={false} />);
    expect(screen.getByText('longe')).toBeDefined();
    act(() => FakeIntersectionObserver.intersect(true));
    expect(screen.getByText('perto')).toBeDefined();
    act(() => FakeIntersectionObserver.intersect(false));
    expect(screen.getByText('longe')).toBeDefined();
    act(() => FakeIntersectionObserver.intersect(true));
    expect(screen.getByText('perto')).toBeDefined();
  });

  it('is near at once without IntersectionObserver (old browsers, jsdom)', () => {
    render(<Probe once={false} />);
    expect(screen.getByText('perto')).toBeDefined();
  });
});
