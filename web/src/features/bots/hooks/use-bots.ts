import { centsToDecimal, type Bot, type BotInventory, type BotStatusEvent } from '@arbitra/contracts';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReadAgainOnConnect, useSocket, useSocketEvent } from '@/lib/socket';
import { botsApi } from '../api/bots-api';

export const BOTS_KEY = ['bots'] as const;
export const botDetailKey = (id: string) => ['bots', id] as const;

/** The user's bots from the server, kept live by 'bot:status' and 'trade:new' (a trade's status rides in it) on the owner's room. */
export function useBots() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: BOTS_KEY, queryFn: botsApi.list });
  const socket = useSocket();

  const applyStatus = (event: BotStatusEvent) => {
    queryClient.setQueryData<Bot[]>(BOTS_KEY, (bots) =>
      bots?.map((b) =>
        b.id === event.botId
          ? {
              ...b,
              status: event.status,
              active: event.active,
              statusReason: event.statusReason,
              totalTrades: event.totalTrades,
              totalProfit: event.totalProfit,
              totalProfitBrl: event.totalProfitBrl,
              profitPercent: event.profitPercent,
            }
          : b,
      ),
    );
    void queryClient.invalidateQueries({ queryKey: botDetailKey(event.botId) });
  };
  useSocketEvent(socket, 'bot:status', applyStatus);
  // A trade carries its bot's status after it (one event per trade).
  useSocketEvent(socket, 'trade:new', (trade) => {
    if (trade.botStatus) applyStatus(trade.botStatus);
    else if (trade.botId) void queryClient.invalidateQueries({ queryKey: botDetailKey(trade.botId) });
  });
  // The bots and their details ('bots', id), as they are now: events sent before the socket connected are lost.
  useReadAgainOnConnect(socket, BOTS_KEY);

  return query;
}

export interface BotsSummary {
  total: number;
  running: number;
  totalTrades: number;
  totalProfit: number;
  /** R$, exact sum of the bots' R$ totals ('12.34'). */
  totalProfitBrl: string;
}

/** Stats cards: figures summed from the server's bots. */
export function summarise(bots: readonly Bot[]): BotsSummary {
  return {
    total: bots.length,
    running: bots.filter((b) => b.status === 'running').length,
    totalTrades: bots.reduce((n, b) => n + b.totalTrades, 0),
    totalProfit: Math.round(bots.reduce((n, b) => n + b.totalProfit * 100, 0)) / 100,
    // Each total is whole centavos ('12.34'): summed as integer cents, exactly.
    totalProfitBrl: centsToDecimal(bots.reduce((n, b) => n + Math.round(Number(b.totalProfitBrl) * 100), 0)),
  };
}

/**
 * The 'Inventário' of each running paper bot (the bot's detail with ?include=inventory, the detail view's own query):
 * the home's alert when a side is about to run dry or a direction is paused. Live bots have none (their balances are
 * the exchange's).
 */
export function useBotInventories(bots: readonly Bot[]): Map<string, BotInventory> {
  const watched = bots.filter((b) => b.status === 'running' && b.mode === 'paper');
  const results = useQueries({
    queries: watched.map((b) => ({
      queryKey: botDetailKey(b.id),
      queryFn: () => botsApi.detail(b.id, { inventory: true }),
    })),
  });
  const out = new Map<string, BotInventory>();
  results.forEach((r, i) => {
    const inv = r.data?.inventory;
    if (inv) out.set(watched[i]!.id, inv);
  });
  return out;
}
