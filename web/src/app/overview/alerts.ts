import {
  exchangeName,
  botRebalanceTransferBrl,
  opportunityFitsBot,
  type Bot,
  type BotFilter,
  type BotInventory,
  type FeedState,
  type Opportunity,
  type SubscriptionResponse,
} from '@arbitra/contracts';
import { FEED_STATUS_LABELS } from '@/lib/feed-status';
import { formatNumber } from '@/lib/format';

export type OverviewAlertKind = 'unhedged' | 'bot-stopped' | 'inventory' | 'subscription' | 'exchange';

export interface OverviewAlert {
  kind: OverviewAlertKind;
  /** Stable key (React) and what it is about. */
  id: string;
  text: string;
  /** Where the user acts on it. */
  to: string;
  action: string;
}

/** Days before a trial or a cancelled period ends from which the home warns. */
export const LAPSE_WARNING_DAYS = 7;

const exposureText = (exposure: Record<string, string>) =>
  Object.entries(exposure)
    .map(([key, amount]) => {
      const [exchange = '', asset = ''] = key.split(':');
      return `${formatNumber(amount, 8).replace(/,?0+$/, '')} ${asset} na ${exchangeName(exchange)}`;
    })
    .join(', ');

/**
 * What needs the user now (DECISIONS §13): a leg left unhedged, a bot stopped by a limit or an error, a trial or
 * cancelled subscription about to end (a lapsed one has the dashboard's banner), an exchange of their bots with a
 * degraded or offline feed.
 */
export function overviewAlerts(
  bots: readonly Bot[],
  subscription: SubscriptionResponse | null | undefined,
  feeds: readonly FeedState[],
  paths: { bots: string; subscription: string; status: string },
  inventory: ReadonlyMap<string, BotInventory> = new Map(),
): OverviewAlert[] {
  const alerts: OverviewAlert[] = [];
  for (const bot of bots) {
    // issue 29: a direction paused for want of funds, or a side about to run dry (the bot's 'Inventário')
    const inv = bot.status === 'running' ? inventory.get(bot.id) : undefined;
    const lines = [...(inv?.pauses.map((p) => p.reason) ?? []), ...(inv?.alerts ?? [])];
    if (lines.length > 0)
      alerts.push({
        kind: 'inventory',
        id: `inventory:${bot.id}`,
        text: `Inventário do bot ${bot.name}: ${lines.join('; ')}.`,
        to: paths.bots,
        action: 'Ver inventário',
      });
    if (Object.keys(bot.nakedExposure).length > 0)
      alerts.push({
        kind: 'unhedged',
        id: `unhedged:${bot.id}`,
        text: `Perna sem proteção no bot ${bot.name}: ${exposureText(bot.nakedExposure)}.`,
        to: paths.bots,
        action: 'Ver bot',
      });
    if (bot.status !== 'running' && bot.statusReason)
      alerts.push({
        kind: 'bot-stopped',
        id: `stopped:${bot.id}`,
        text: `Bot ${bot.name} parado: ${bot.statusReason}`,
        to: paths.bots,
        action: 'Ver bot',
      });
  }
  if (
    subscription &&
    (subscription.status === 'trialing' ||
      (subscription.status === 'active' && subscription.cancelAtPeriodEnd)) &&
    subscription.daysLeft <= LAPSE_WARNING_DAYS
  ) {
    const when =
      subscription.daysLeft <= 0
        ? 'hoje'
        : subscription.daysLeft === 1
          ? 'amanhã'
          : `em ${subscription.daysLeft} dias`;
    alerts.push({
      kind: 'subscription',
      id: 'subscription',
      text:
        subscription.status === 'trialing'
          ? `Seu período de teste termina ${when}: sem um plano, os bots param.`
          : `Sua assinatura ${subscription.planName} termina ${when} e não será renovada: os bots param.`,
      to: paths.subscription,
      action: 'Escolher um plano',
    });
  }
  const used = new Set(bots.flatMap((b) => b.exchanges));
  for (const feed of feeds) {
    if (!used.has(feed.exchange) || (feed.status !== 'degraded' && feed.status !== 'down')) continue;
    alerts.push({
      kind: 'exchange',
      id: `exchange:${feed.exchange}`,
      text: `${exchangeName(feed.exchange)}: ${FEED_STATUS_LABELS[feed.status]}${feed.reason ? ` (${feed.reason})` : ''}.`,
      to: paths.status,
      action: 'Ver status',
    });
  }
  return alerts;
}

/** A bot's filter as the matcher reads it. */
export function botFilter(bot: Bot): BotFilter {
  return {
    ...bot,
    exchanges: new Set(bot.exchanges),
    pairs: new Set(bot.pairs),
    rebalanceTransferBrl: botRebalanceTransferBrl(bot),
  };
}

/** The live opportunities at least one of the bots would take (the engine's own rule, opportunityFitsBot). */
export function matchingOpportunities(opportunities: readonly Opportunity[], bots: readonly Bot[]): number {
  const filters = bots.map(botFilter);
  return opportunities.filter((o) => filters.some((f) => opportunityFitsBot(f, o))).length;
}
