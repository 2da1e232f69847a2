import {
  MESSAGES,
  TRADE_MODE_FILTERS,
  TRADE_MODE_FILTER_LABELS,
  TRADE_STATUS_LABELS,
  type Bot,
  type Trade,
  type TradeDateRange,
  type TradeModeFilter,
  type TradeStatusFilter,
} from '@arbitra/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { afterRebalanceText } from '@/components/money/after-rebalance';
import { BrlFirst, ModeTag } from '@/components/money/brl-first';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { StatCard } from '@/components/ui/stat-card';
import { FilterPills } from '@/components/ui/filter-pills';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { apiClient, isApiError } from '@/lib/api-client';
import { exchangeName } from '@arbitra/contracts';
import { formatBRL, formatDateTime, formatNumber, formatPercent, formatFillPrice } from '@/lib/format';
import { useReadAgainOnConnect, useSocket, useSocketEvent } from '@/lib/socket';
import { tradesApi } from '../api/trades-api';

const PAGE_SIZE = 20;

/** 'Lucro após rebalanceamento' of a trade (computed by the api from its stored figures; R$ 5.000 transfers). */
function AfterRebalance({ share }: { share: Trade['rebalance'] }) {
  const text = afterRebalanceText(share);
  return (
    <>
      <div>{share?.afterBrl != null ? text.afterBrl : text.after}</div>
      {share?.afterBrl != null && <div className="text-xs text-muted-foreground">{text.after}</div>}
    </>
  );
}

const DATE_RANGES = [
  { value: '7', label: '7 dias' },
  { value: '30', label: '30 dias' },
  { value: '90', label: '90 dias' },
  { value: 'all', label: 'Tudo' },
] as const satisfies readonly { value: TradeDateRange; label: string }[];

const STATUSES = [
  { value: 'all', label: 'Todos' },
  { value: 'completed', label: TRADE_STATUS_LABELS.completed },
  { value: 'failed', label: TRADE_STATUS_LABELS.failed },
  { value: 'pending', label: TRADE_STATUS_LABELS.pending },
] as const satisfies readonly { value: TradeStatusFilter; label: string }[];

const MODES = TRADE_MODE_FILTERS.map((value) => ({ value, label: TRADE_MODE_FILTER_LABELS[value] }));

const statusVariant = { completed: 'success', failed: 'destructive', pending: 'warning' } as const;

/** Histórico de Trades: summary cards, filters, paginated table, CSV export by the server. */
export function TradesTab() {
  const queryClient = useQueryClient();
  const [dateRange, setDateRange] = useState<TradeDateRange>('30');
  const [status, setStatus] = useState<TradeStatusFilter>('all');
  const [mode, setMode] = useState<TradeModeFilter>('all');
  const [bot, setBot] = useState('all');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<'spec' | 'brl' | null>(null);
  const filters = { dateRange, status, mode, bot };

  const bots = useQuery({ queryKey: ['bots'], queryFn: () => apiClient.get<Bot[]>('/api/bots') });
  const trades = useQuery({
    queryKey: ['trades', filters, page],
    queryFn: () => tradesApi.list({ ...filters, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const socket = useSocket();
  useSocketEvent(socket, 'trade:new', () => {
    void queryClient.invalidateQueries({ queryKey: ['trades'] });
  });
  useReadAgainOnConnect(socket, ['trades']);

  const setFilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const exportCsv = async (kind: 'spec' | 'brl') => {
    setExporting(kind);
    try {
      await (kind === 'brl' ? tradesApi.exportBrlCsv(filters) : tradesApi.exportCsv(filters));
    } catch (e) {
      toast({ title: isApiError(e) ? e.message : MESSAGES.trades.exportError, variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  };

  const data = trades.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-label="Histórico de Trades" className="flex flex-col gap-6">
      {/* The shell's title already says 'Histórico de Trades': the heading stays for screen readers. */}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <h2 className="sr-only">Histórico de Trades</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void exportCsv('spec')} disabled={exporting !== null}>
            {exporting === 'spec' ? 'Exportando...' : 'Exportar CSV'}
          </Button>
          <Button
            variant="outline"
            onClick={() => void exportCsv('brl')}
            disabled={exporting !== null}
            title="As mesmas linhas com a cotação USDT/BRL de cada trade e volume, taxas e lucro em R$"
          >
            {exporting === 'brl' ? 'Exportando...' : 'Exportar CSV em R$'}
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[
          ['Total de trades', data ? String(data.stats.totalTrades) : '—'],
          [
            'Lucro total',
            data ? <BrlFirst brl={data.stats.totalProfitBrl} usdt={data.stats.totalProfit} stacked /> : '—',
          ],
          ['Taxa de sucesso', data ? formatPercent(data.stats.successRate, 1) : '—'],
          [
            'Lucro médio',
            data ? <BrlFirst brl={data.stats.avgProfitBrl} usdt={data.stats.avgProfit} stacked /> : '—',
          ],
        ].map(([label, value]) => (
          <StatCard key={label as string} label={label}>
            {value}
          </StatCard>
        ))}
      </div>
      <div className="flex flex-col gap-3">
        <FilterPills
          label="Período"
          options={DATE_RANGES}
          value={dateRange}
          onChange={setFilter(setDateRange)}
        />
        <FilterPills label="Status" options={STATUSES} value={status} onChange={setFilter(setStatus)} />
        <FilterPills label="Modo" options={MODES} value={mode} onChange={setFilter(setMode)} />
        <label className="flex items-center gap-2 text-sm">
          Bot
          <select
            aria-label="Bot"
            className="h-9 rounded-md border border-input bg-background px-3 text-sm"
            value={bot}
            onChange={(e) => setFilter(setBot)(e.target.value)}
          >
            <option value="all">Todos os bots</option>
            {bots.data?.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {trades.isLoading ? (
        <Spinner label="Carregando trades..." />
      ) : trades.error || !data ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-sm text-destructive">
            {isApiError(trades.error) ? trades.error.message : MESSAGES.trades.loadError}
          </p>
          <Button variant="outline" onClick={() => void trades.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : data.trades.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum trade encontrado para os filtros escolhidos.</p>
      ) : (
        <>
          <Table cards aria-label="Trades">
            <TableHeader>
              <TableRow>
                <TableHead>Data</TableHead>
                <TableHead>Bot</TableHead>
                <TableHead>Par</TableHead>
                <TableHead>Lucro (R$ · USDT)</TableHead>
                <TableHead>Lucro %</TableHead>
                <TableHead title="Lucro menos a parte do trade nas taxas de saque para desfazer o movimento de estoque, rateadas em transferências de R$ 5.000">
                  Após rebalanc.
                </TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Compra</TableHead>
                <TableHead>Venda</TableHead>
                <TableHead>Preço Compra</TableHead>
                <TableHead>Preço Venda</TableHead>
                <TableHead>Quantidade</TableHead>
                <TableHead>Taxas (R$)</TableHead>
                <TableHead>Modo</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.trades.map((t) => (
                <TableRow key={t.id}>
                  <TableCell lead={3} label="Data" className="whitespace-nowrap">
                    {formatDateTime(t.executedAt)}
                  </TableCell>
                  <TableCell label="Bot" className="whitespace-nowrap">
                    {t.botName}
                  </TableCell>
                  <TableCell label="Par">{t.pair}</TableCell>
                  <TableCell
                    lead={1}
                    label="Lucro (R$ · USDT)"
                    className={t.profit < 0 ? 'text-destructive' : 'text-success'}
                  >
                    <BrlFirst brl={t.profitBrl} usdt={t.profitUsdt} />
                  </TableCell>
                  <TableCell label="Lucro %">{formatPercent(t.profitPercent, 2)}</TableCell>
                  <TableCell
                    label="Após rebalanc."
                    className="whitespace-nowrap"
                    data-testid="trade-after-rebalance"
                  >
                    <AfterRebalance share={t.rebalance} />
                  </TableCell>
                  <TableCell lead={2} label="Status">
                    <Badge variant={statusVariant[t.status]}>{TRADE_STATUS_LABELS[t.status]}</Badge>
                  </TableCell>
                  <TableCell label="Compra">{exchangeName(t.buyExchange)}</TableCell>
                  <TableCell label="Venda">{exchangeName(t.sellExchange)}</TableCell>
                  <TableCell detail label="Preço Compra">
                    {formatFillPrice(t.buyPrice)}
                  </TableCell>
                  <TableCell detail label="Preço Venda">
                    {formatFillPrice(t.sellPrice)}
                  </TableCell>
                  <TableCell detail label="Quantidade">
                    {formatNumber(t.amount, 6)}
                  </TableCell>
                  <TableCell
                    detail
                    label="Taxas (R$)"
                    className="whitespace-nowrap"
                    title={`Cotação USDT/BRL ${formatNumber(t.usdtBrl, 4)}`}
                  >
                    {formatBRL(t.feesBrl)}
                  </TableCell>
                  <TableCell label="Modo">
                    <ModeTag mode={t.mode} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager page={page} pages={pages} onPage={setPage}>
            Página {data.page} de {pages} · {data.total} {data.total === 1 ? 'trade' : 'trades'}
          </Pager>
        </>
      )}
    </section>
  );
}
