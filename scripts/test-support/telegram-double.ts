import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the platform's bot sent (sendMessage). */
export interface SentTelegramMessage {
  chatId: string;
  text: string;
}

interface Update {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    chat: { id: number; type: 'private'; first_name: string };
    from: { id: number; is_bot: false; first_name: string };
    text: string;
  };
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  if ((req.headers['content-type'] ?? '').includes('application/json'))
    return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * A local double of the Telegram Bot API (https://core.telegram.org/bots/api): the methods the platform uses
 * (getMe, deleteWebhook, getUpdates with long polling, sendMessage), on a random port. Telegram itself cannot be
 * reached from the test machines; the platform talks to this double through TELEGRAM_API_ROOT exactly as it
 * would to api.telegram.org. `userSends()` plays a user writing to the bot; `sent` is what the bot sent.
 */
export async function startTelegramDouble(token: string, botUsername = 'arbitra_teste_bot') {
  const sent: SentTelegramMessage[] = [];
  const updates: Update[] = [];
  const blocked = new Set<string>();
  let nextUpdate = 1;
  let nextMessage = 1;
  const waiters = new Set<() => void>();

  const server = createServer((req, res) => {
    void (async () => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!m || m[1] !== token)
        return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const params = await readBody(req);
      switch (m[2] ?? '') {
        case 'getMe':
          return reply(200, {
            ok: true,
            result: {
              id: 1,
              is_bot: true,
              first_name: 'Arbitra',
              username: botUsername,
              can_join_groups: false,
              can_read_all_group_messages: false,
              supports_inline_queries: false,
            },
          });
        case 'deleteWebhook':
          return reply(200, { ok: true, result: true });
        case 'getUpdates': {
          const offset = Number(params.offset ?? 0);
          const pending = () => updates.filter((u) => u.update_id >= offset);
          // Long polling, held at most 1 s here so that stopping the bot is quick.
          const waitMs = Math.min(Number(params.timeout ?? 0), 1) * 1000;
          if (pending().length === 0 && waitMs > 0) {
            await new Promise<void>((resolve) => {
              const done = () => {
                waiters.delete(done);
                clearTimeout(t);
                resolve();
              };
              const t = setTimeout(done, waitMs);
              waiters.add(done);
            });
          }
          return reply(200, { ok: true, result: pending() });
        }
        case 'sendMessage': {
          const chatId = String(params.chat_id);
          if (blocked.has(chatId))
            return reply(403, {
              ok: false,
              error_code: 403,
              description: 'Forbidden: bot was blocked by the user',
            });
          const text = typeof params.text === 'string' ? params.text : '';
          sent.push({ chatId, text });
          return reply(200, {
            ok: true,
            result: {
              message_id: nextMessage++,
              date: Math.floor(Date.now() / 1000),
              chat: { id: Number(chatId), type: 'private' },
              text,
            },
          });
        }
        default:
          return reply(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
      }
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    sent,
    /** A user writes `text` to the bot from chat `chatId`. */
    userSends(chatId: number, text: string): void {
      updates.push({
        update_id: nextUpdate++,
        message: {
          message_id: nextMessage++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', first_name: 'Maria' },
          from: { id: chatId, is_bot: false, first_name: 'Maria' },
          text,
        },
      });
      for (const w of [...waiters]) w();
    },
    /** The user blocked the bot: sendMessage to this chat answers 403 from now on. */
    block(chatId: number): void {
      blocked.add(String(chatId));
    },
    to(chatId: number): string[] {
      return sent.filter((s) => s.chatId === String(chatId)).map((s) => s.text);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const w of [...waiters]) w();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TelegramDouble = Awaited<ReturnType<typeof startTelegramDouble>>;
