import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, createSessionStore } from './session';
import { SOCKET_TRANSPORTS, useSocket } from './socket';

const { io, fakeSocket } = vi.hoisted(() => {
  const fakeSocket = { disconnect: vi.fn(), on: vi.fn(), off: vi.fn() };
  return { fakeSocket, io: vi.fn(() => fakeSocket) };
});
vi.mock('socket.io-client', () => ({ io }));

function Probe({ allowAnonymous }: { allowAnonymous?: boolean }) {
  const socket = useSocket({ allowAnonymous });
  return <output data-testid="socket">{socket ? 'conectado' : 'nenhum'}</output>;
}

const user = { id: 'u1', name: 'Maria', email: 'maria@exemplo.com.br', role: 'user' as const };

beforeEach(() => {
  vi.useFakeTimers();
  io.mockClear();
  fakeSocket.disconnect.mockClear();
});

afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('useSocket', () => {
  it('opens one connection with auth.token when signed in, and closes it on sign-out', () => {
    const store = createSessionStore();
    store.signIn('tok', user);
    render(
      <SessionProvider store={store}>
        <Probe />
        <Probe />
      </SessionProvider>,
    );
    // Opened once the browser is idle, not during the page's first tasks.
    expect(io).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('socket').map((e) => e.textContent)).toEqual(['nenhum', 'nenhum']);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(io).toHaveBeenCalledTimes(1);
    expect(io).toHaveBeenCalledWith({ auth: { token: 'tok' }, autoConnect: true, ...SOCKET_TRANSPORTS });
    expect(screen.getAllByTestId('socket').map((e) => e.textContent)).toEqual(['conectado', 'conectado']);

    act(() => store.signOut());
    expect(screen.getAllByTestId('socket').map((e) => e.textContent)).toEqual(['nenhum', 'nenhum']);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(fakeSocket.disconnect).toHaveBeenCalledTimes(1);
  });

  it('does not connect a visitor unless the screen is public', () => {
    const { unmount } = render(
      <SessionProvider store={createSessionStore()}>
        <Probe />
      </SessionProvider>,
    );
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(io).not.toHaveBeenCalled();
    unmount();
    render(
      <SessionProvider store={createSessionStore()}>
        <Probe allowAnonymous />
      </SessionProvider>,
    );
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(io).toHaveBeenCalledWith({ auth: {}, autoConnect: true, ...SOCKET_TRANSPORTS });
  });
});
