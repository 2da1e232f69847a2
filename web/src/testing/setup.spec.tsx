import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

// Preact's own "after paint" is a requestAnimationFrame raced by a 100 ms timer that calls cancelAnimationFrame; one
// left by a file's last test fired after vitest had torn the jsdom window down, an unhandled "cancelAnimationFrame is
// not defined" (issue 28). The setup file gives Preact a timer of its own and runs what is left when each test ends.
describe('web spec setup', () => {
  const effects: number[] = [];
  function LateUpdate() {
    const [n, setN] = useState(0);
    useEffect(() => {
      effects.push(n);
      // An update outside act(), as a socket event or a resolved query makes one.
      if (n === 0) setTimeout(() => setN(1), 0);
    }, [n]);
    return <p>valor {n}</p>;
  }

  it('runs effects after an update outside act() without the window animation frame', async () => {
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    render(<LateUpdate />);
    await screen.findByText('valor 1');
    await vi.waitFor(() => expect(effects).toEqual([0, 1]));
    expect(raf).not.toHaveBeenCalled();
    raf.mockRestore();
  });
});
