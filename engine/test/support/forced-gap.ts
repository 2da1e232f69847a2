/**
 * "A bot and a forced price gap", as the engine tests that trade a dislocation set it up: a started paper bot on one
 * pair and two exchanges (waited for until the in-process engine runs it), then the pair moved on one exchange of
 * the simulated market, with the scanner's opportunities recorded from just before the move.
 */
import type { Bot, ExchangeId, Opportunity } from '@arbitra/contracts';
import { BotRunner } from '../../src/bots/bot-runner.service.js';
import type { SimulatedFeed } from '../../src/market-data/simulated.feed.js';
import { ScannerService } from '../../src/scanner/scanner.service.js';
import type { Client } from '../../../api/test/support/http.js';
import type { TestPlatform } from '../../../scripts/test-support/platform.js';
import { waitFor } from '../../../scripts/test-support/wait.js';

export interface GapBot {
  name: string;
  pair: string;
  /** Two exchanges: the gap is forced on one, traded against the other. */
  exchanges: [ExchangeId, ExchangeId];
  minProfitPercent: number;
}

/** Creates the bot (high risk, R$ 50.000, started) and resolves its id once the engine's runner has it. */
export async function startGapBot(
  platform: TestPlatform,
  call: Client,
  token: string,
  bot: GapBot,
): Promise<string> {
  const created = await call<{ bot: Bot }>('POST', '/api/bots', {
    token,
    body: {
      name: bot.name,
      pairs: [bot.pair],
      exchanges: bot.exchanges,
      riskLevel: 'high',
      maxInvestment: 50000,
      minProfitPercent: bot.minProfitPercent,
      active: true,
    },
  });
  if (created.status !== 201)
    throw new Error(`bot not created: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.bot.id;
  const runner = platform.engines[0]!.get(BotRunner);
  // Generous: on a busy machine the engine picks a new bot up after its next poll and a few queries.
  if (!(await waitFor(() => runner.get(id), 30_000, 50))) throw new Error(`the engine never ran bot ${id}`);
  return id;
}

const GAP_DECAY_MS = 60_000;

export interface ForcedGap {
  /** Opportunities the scanner added or updated since just before the gap (until stop()). */
  seen: Opportunity[];
  /** Date.now() when the gap was forced. */
  forcedAt: number;
  /** Stops recording the scanner's opportunities. */
  stop(): void;
}

/**
 * Moves `pair` on `exchange` by `fraction` (−0.02: 2 % below the market) on the simulated feed, fading over 60 s (as
 * the other tests' forced moves): with the feed's default 20 s, a loaded machine (three integration files beside the
 * browser stage) executed after the gap had shrunk below the bot's minimum, and the trade failed or never came.
 */
export function forceGap(
  platform: TestPlatform,
  exchange: ExchangeId,
  pair: string,
  fraction: number,
): ForcedGap {
  const scanner = platform.engines[0]!.get(ScannerService);
  const seen: Opportunity[] = [];
  const stop = scanner.scanner.registry.on({ added: (o) => seen.push(o), updated: (o) => seen.push(o) });
  const forcedAt = Date.now();
  if (!(scanner.feed as SimulatedFeed).forceDislocation(exchange, pair, fraction, GAP_DECAY_MS)) {
    stop();
    throw new Error(`the simulated feed has no ${exchange} ${pair} to move`);
  }
  return { seen, forcedAt, stop };
}
