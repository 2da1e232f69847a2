import type { AppNotification, NotificationListResponse } from '@arbitra/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, createSessionStore } from '@/lib/session';
import { TEST_USER } from '@/testing/render-app';
import { lastSocket, sockets } from '@/testing/fake-socket';
import { NotificationBell } from './notification-bell';

vi.mock('socket.io-client', async () => (await import('@/testing/fake-socket')).socketIoMock);

const notification = (id: string, body: string): AppNotification => ({
  id,
  event: 'login.new',
  title: 'Novo acesso à sua conta',
  body,
  link: null,
  readAt: null,
  createdAt: '2026-11-29T12:00:00.000Z',
});
const WINDOWS = notification('n-1', 'Chrome no Windows 11');
const IPHONE = notification('n-2', 'Safari no iOS 17.1');

/** GET /api/notifications answers, in turn, what each call of `next` resolves (the test decides when). */
function serveLists() {
  const pending: Array<(list: NotificationListResponse) => void> = [];
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        pending.push((list) =>
          resolve(new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } })),
        );
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const answer = async (list: NotificationListResponse) => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    act(() => pending.shift()!(list));
  };
  return { fetchMock, answer };
}

function renderBell() {
  const store = createSessionStore();
  store.signIn('token-de-teste', TEST_USER);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <SessionProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );
}

const badge = () => screen.queryByTestId('notification-count')?.textContent ?? '0';

/** The app's one socket (kept between tests: same token), still connecting. */
async function openedSocket() {
  await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
  const socket = lastSocket();
  socket.connected = false;
  return socket;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('reads the list again when its socket connects: a notification made before that is not lost', async () => {
    const { answer } = serveLists();
    renderBell();
    const socket = await openedSocket();
    await answer({ notifications: [WINDOWS], unread: 1 });
    await waitFor(() => expect(badge()).toBe('1'));

    // The new device signed in while the socket (opened once the page is idle) was still connecting.
    act(() => socket.reconnect());
    await answer({ notifications: [IPHONE, WINDOWS], unread: 2 });
    await waitFor(() => expect(badge()).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: /^Notificações/ }));
    const centre = screen.getByRole('dialog', { name: 'Central de notificações' });
    expect(within(centre).getByText('Safari no iOS 17.1')).toBeTruthy();

    // After a drop, the same.
    act(() => socket.drop());
    act(() => socket.reconnect());
    await answer({ notifications: [notification('n-3', 'Firefox no Linux'), IPHONE, WINDOWS], unread: 3 });
    await waitFor(() => expect(badge()).toBe('3'));
  });

  it("a 'notification:new' that arrives while the list is being read is not overwritten by that older list", async () => {
    const { answer, fetchMock } = serveLists();
    renderBell();
    const socket = await openedSocket();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    act(() => socket.serverEmit('notification:new', { notification: IPHONE, unread: 2 }));
    // The first read, begun before the new notification, answers late; the bell reads the list again.
    await answer({ notifications: [WINDOWS], unread: 1 });
    await answer({ notifications: [IPHONE, WINDOWS], unread: 2 });
    await waitFor(() => expect(badge()).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: /^Notificações/ }));
    expect(screen.getByText('Safari no iOS 17.1')).toBeTruthy();
  });
});
