import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { EVENTS, ROOMS, type PaymentUpdatedEvent } from '@arbitra/contracts';
import { FabricBrowserEvents } from './browser-events.js';
import type { FabricServer } from './sockets.js';

/** A Socket.IO server double that records what goes out: (room | '*', event, payload, server-side?). */
function recordingServer() {
  const sent: { to: string; event: string; payload: unknown; serverSide?: true }[] = [];
  const disconnected: string[] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const server = {
    to: (room: string) => ({
      emit: (event: string, payload: unknown) => sent.push({ to: room, event, payload }),
    }),
    in: (room: string) => ({ disconnectSockets: () => disconnected.push(room) }),
    emit: (event: string, payload: unknown) => sent.push({ to: '*', event, payload }),
    serverSideEmit: (event: string, payload: unknown) =>
      sent.push({ to: '*', event, payload, serverSide: true }),
    on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener),
  };
  return { server: server as unknown as FabricServer, sent, disconnected, listeners };
}

const payment = { payment: { id: 'p1' }, message: null } as unknown as PaymentUpdatedEvent;

describe('BrowserEvents over the fabric', () => {
  it("pushes to a user's room, the admins, a room, everyone and the other processes", () => {
    const { server, sent } = recordingServer();
    const events = new FabricBrowserEvents(server);
    events.toUser('u1', EVENTS.paymentUpdated, payment);
    events.toAdmins(EVENTS.platformSettings, { maintenance: null, registrationsOpen: true } as never);
    events.toRoom(ROOMS.publicScanner, EVENTS.marketFeeds, []);
    events.toEveryone(EVENTS.platformSettings, { maintenance: null, registrationsOpen: false } as never);
    events.toEngines(EVENTS.botSync, { botId: 'b1' });
    expect(sent).toEqual([
      { to: 'user:u1', event: 'payment:updated', payload: payment },
      { to: 'admin', event: 'platform:settings', payload: { maintenance: null, registrationsOpen: true } },
      { to: 'public:scanner', event: 'market:feeds', payload: [] },
      { to: '*', event: 'platform:settings', payload: { maintenance: null, registrationsOpen: false } },
      { to: '*', event: 'bot:sync', payload: { botId: 'b1' }, serverSide: true },
    ]);
  });

  it('binds listeners registered before the server is up, and refuses to push before it', () => {
    const events = new FabricBrowserEvents();
    const heard: unknown[] = [];
    events.onFabricEvent(EVENTS.botSync, (p) => heard.push(p));
    expect(() => events.toUser('u1', EVENTS.paymentUpdated, payment)).toThrow(/ainda não está ligado/);
    expect(events.localSockets()).toBe(0);
    const { server, listeners, disconnected } = recordingServer();
    events.attach(server);
    listeners.get(EVENTS.botSync)!({ botId: 'b2' });
    expect(heard).toEqual([{ botId: 'b2' }]);
    events.disconnect(ROOMS.session('s1'));
    expect(disconnected).toEqual(['session:s1']);
    expect(() => events.attach(server)).toThrow(/já está ligado/);
  });

  it("counts this process's sockets in a room and tells when one joins it", () => {
    const io: FabricServer = new Server();
    const events = new FabricBrowserEvents(io);
    let joined = 0;
    events.onLocalJoin(ROOMS.admin, () => joined++);
    const adapter = io.of('/').adapter;
    void adapter.addAll('socket-a', new Set([ROOMS.publicScanner]));
    expect(joined).toBe(0);
    void adapter.addAll('socket-b', new Set([ROOMS.publicScanner, ROOMS.admin]));
    expect(joined).toBe(1);
    expect(events.localSockets(ROOMS.admin)).toBe(1);
    expect(events.localSockets(ROOMS.publicScanner)).toBe(2);
  });
});
