import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHeadlessServer,
  createSocketAdapter,
  NOTIFY_PAYLOAD_THRESHOLD_BYTES,
  type SocketAdapter,
} from '@arbitra/transport';
import { waitFor } from '../../scripts/test-support/wait.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';

/**
 * Finding 1 of issue 13: NOTIFY's 8,000 limit is in bytes. An event whose text is multi-byte
 * (pt-BR) must still reach browsers on the Postgres transport, and a failed publish must be reported.
 */
describe('socket events on the Postgres transport', () => {
  let db: TestDatabase;
  let receiving: SocketAdapter;
  let sending: SocketAdapter;
  let http: HttpServer;
  let io: Server;
  let engine: Server;
  let client: Socket;
  const publishErrors: Error[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    receiving = createSocketAdapter({ databaseUrl: db.url, namespace: 'payload-test' });
    sending = createSocketAdapter({
      databaseUrl: db.url,
      namespace: 'payload-test',
      onPublishError: (e) => publishErrors.push(e),
    });
    http = createServer();
    io = new Server(http);
    io.adapter(receiving.adapter);
    engine = createHeadlessServer(sending);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      transports: ['websocket'],
    });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    // The receiving adapter starts its LISTEN in the background: an event published before it listens is not
    // heard (as on any fabric, a browser gets what is published while it is connected). Emit a small probe until
    // one comes through, so the tests below start on a fabric that carries events.
    let heard = false;
    client.on('ready-probe', () => (heard = true));
    const fabricUp = await waitFor(
      () => {
        if (!heard) engine.emit('ready-probe', 'ok');
        return heard || undefined;
      },
      60_000,
      250,
    );
    client.off('ready-probe');
    if (!fabricUp) throw new Error('the Postgres fabric never carried an event to the browser');
  });

  afterAll(async () => {
    client?.close();
    await Promise.resolve(engine?.of('/').adapter.close());
    await io?.close();
    await receiving?.close();
    await sending?.close();
    await db?.drop();
  });

  /** Emits from another server of the fabric and resolves with what the browser client got. */
  async function roundTrip(text: string): Promise<string> {
    const event = `payload-${text.length}-${Buffer.byteLength(text)}`;
    const got = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`evento ${event} não chegou`)), 30_000);
      client.once(event, (value: string) => {
        clearTimeout(timer);
        resolve(value);
      });
    });
    engine.emit(event, text);
    return got;
  }

  it("delivers an event of 7,999 'ç' (about 16,000 bytes) whole", async () => {
    const text = 'ç'.repeat(7_999);
    expect(await roundTrip(text)).toBe(text);
  });

  it('delivers events whose payload sits around the byte threshold and NOTIFY limit', async () => {
    for (const chars of [3_480, 3_495, 3_990, 3_999, 4_000]) {
      const text = 'ã'.repeat(chars);
      expect(await roundTrip(text)).toBe(text);
    }
    expect(publishErrors).toEqual([]);
  });

  it('reports a publish that fails instead of dropping it silently', async () => {
    // The attachments table gone: a large event cannot be stored, and the failure must reach onPublishError.
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query('ALTER TABLE socket_io_attachments RENAME TO socket_io_attachments_away');
    try {
      engine.emit('lost', 'ç'.repeat(NOTIFY_PAYLOAD_THRESHOLD_BYTES));
      const error = await waitFor(() => publishErrors[0], 10_000);
      expect(error?.message).toMatch(/socket_io_attachments/);
    } finally {
      await admin.query('ALTER TABLE socket_io_attachments_away RENAME TO socket_io_attachments');
      await admin.end();
    }
  });
});
