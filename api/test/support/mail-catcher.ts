import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type MailDevType from 'maildev';

const require = createRequire(import.meta.url);

/**
 * MailDev's mail store and SMTP server are module singletons (maildev/lib/mailserver.js): two catchers loaded from one
 * module would share their mails. The integration files share a process per worker (vitest `isolate: false`), so each
 * catcher loads MailDev afresh (its modules out of the require cache first) and keeps its mails in a folder of its own.
 */
function freshMailDev(): typeof MailDevType {
  const own = `${path.sep}node_modules${path.sep}maildev${path.sep}`;
  for (const key of Object.keys(require.cache)) if (key.includes(own)) delete require.cache[key];
  return require('maildev') as typeof MailDevType;
}

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name: string }[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** MailDev in this process on free ports; mails are read through its web API, as a person would. */
export async function startMailCatcher() {
  const smtp = await freePort();
  const web = await freePort();
  const MailDev = freshMailDev();
  const mailDirectory = mkdtempSync(path.join(tmpdir(), 'arbitra-mail-'));
  const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', silent: true, mailDirectory });
  await maildev.listen();
  const webUrl = `http://127.0.0.1:${web}`;
  // The web API comes up next to the SMTP server; wait for it.
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`${webUrl}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    webUrl,
    async all(): Promise<CaughtMail[]> {
      return (await (await fetch(`${webUrl}/email`)).json()) as CaughtMail[];
    },
    /** Waits for a mail to `to` whose subject contains `subject`. */
    async waitFor(to: string, subject: string, timeoutMs = 10_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = (await this.all()).filter(
          (m) => m.to.some((t) => t.address === to) && m.subject.includes(subject),
        );
        const last = found[found.length - 1];
        if (last) return last;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail '${subject}' to ${to} within ${timeoutMs} ms`);
    },
    close: async () => {
      await new Promise<void>((resolve) => maildev.close(() => resolve()));
      // Removed when the test process exits, not now: MailDev still stats the last mails it was saving after its
      // close calls back, and a directory gone under it surfaced as unhandled ENOENT errors (content-newsletter).
      process.once('exit', () => rmSync(mailDirectory, { recursive: true, force: true }));
    },
  };
}
