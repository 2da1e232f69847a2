import { expect } from 'vitest';
import type { Bot } from '@arbitra/contracts';

type BotCall = (
  method: 'GET' | 'POST',
  path: string,
  options: { token: string },
) => Promise<{ body: { bot?: Bot } }>;

/**
 * Stops every bot before the settle-and-count part of a fault test: a running one through its toggle; one a risk
 * rule already stopped (N failures in a row, the daily loss) stays stopped, and must say why.
 */
export async function stopBots(call: BotCall, token: string, botIds: readonly string[]): Promise<void> {
  for (const id of botIds) {
    const before = (await call('GET', `/api/bots/${id}`, { token })).body.bot;
    if (before?.status !== 'running') {
      expect(before?.statusReason, JSON.stringify(before)).toBeTruthy();
      continue;
    }
    const after = (await call('POST', `/api/bots/${id}/toggle`, { token })).body.bot;
    expect(after?.status, JSON.stringify(after)).toBe('stopped');
  }
}
