import { exchangeName, type BotInventory, type InventorySeries } from '@arbitra/contracts';
import { AlertTriangle } from 'lucide-react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime, formatNumber } from '@/lib/format';

/** Decimals shown per asset: reais and dollars to the cent, crypto to the satoshi. */
const decimalsOf = (asset: string) => (asset === 'BRL' || asset === 'USDT' ? 2 : 8);

const COLORS = ['var(--color-primary)', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6'];

const CELL = 'whitespace-nowrap px-2 py-1.5';

/**
 * One chart per asset: a line per exchange (the series share their points' times: the bucketed legs), as numbers
 * recharts can draw; the exact decimals stay in the table.
 */
export function inventoryChartData(
  series: readonly InventorySeries[],
): { asset: string; exchanges: string[]; points: Record<string, number | string>[] }[] {
  const assets = [...new Set(series.map((s) => s.asset))];
  return assets.map((asset) => {
    const of = series.filter((s) => s.asset === asset);
    const byAt = new Map<string, Record<string, number | string>>();
    for (const s of of)
      for (const p of s.points) {
        const point = byAt.get(p.at) ?? { at: p.at, label: formatDateTime(p.at) };
        point[s.exchange] = Number(p.amount);
        byAt.set(p.at, point);
      }
    return { asset, exchanges: of.map((s) => s.exchange), points: [...byAt.values()] };
  });
}

const signedPoints = (v: string) => `${Number(v) > 0 ? '+' : ''}${formatNumber(v, 1)} p.p.`;

/**
 * 'Inventário' (issue 29): the alert banner (sides about to run dry, directions paused for want of funds), each
 * asset on each exchange over time, and the table: start, now, share of the asset now vs at start, pace, forecast.
 */
export function BotInventorySection({ inventory }: { inventory: BotInventory }) {
  const charts = inventoryChartData(inventory.series);
  const banner = [
    ...inventory.pauses.map(
      (p) => `${p.reason} (${p.skipped === 1 ? '1 oportunidade ignorada' : `${p.skipped} oportunidades ignoradas`})`,
    ),
    ...inventory.alerts,
  ];
  return (
    <section aria-label="Inventário" className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">Inventário</h3>
      {!inventory.available ? (
        <p className="text-sm text-muted-foreground">{inventory.note}</p>
      ) : (
        <>
          {banner.length > 0 && (
            <div
              role="alert"
              data-testid="inventory-alert"
              className="flex flex-col gap-1 rounded-md border border-warning/50 bg-warning/5 p-3 text-sm"
            >
              {banner.map((line) => (
                <p key={line} className="flex items-start gap-2">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                  <span>{line}</span>
                </p>
              ))}
            </div>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            {charts.map((c) => (
              <figure key={c.asset} className="h-48 w-full" aria-label={`Inventário de ${c.asset}`}>
                <figcaption className="text-xs text-muted-foreground">{c.asset} por corretora</figcaption>
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={c.points} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
                    <XAxis dataKey="label" hide />
                    <YAxis width={72} tickFormatter={(v: number) => formatNumber(v, decimalsOf(c.asset) === 2 ? 0 : 4)} />
                    <Tooltip formatter={(v) => formatNumber(Number(v), decimalsOf(c.asset))} />
                    <Legend wrapperStyle={{ fontSize: 11 }} />
                    {c.exchanges.map((ex, i) => (
                      <Line
                        key={ex}
                        type="stepAfter"
                        dataKey={ex}
                        name={exchangeName(ex)}
                        isAnimationActive={false}
                        dot={c.points.length <= 30}
                        strokeWidth={2}
                        stroke={COLORS[i % COLORS.length]}
                      />
                    ))}
                  </LineChart>
                </ResponsiveContainer>
              </figure>
            ))}
          </div>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-xs" aria-label="Inventário por corretora">
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th className={CELL}>Corretora</th>
                  <th className={CELL}>Ativo</th>
                  <th className={`${CELL} text-right`}>Inicial</th>
                  <th className={`${CELL} text-right`}>Atual</th>
                  <th className={`${CELL} text-right`}>Participação (início → agora)</th>
                  <th className={`${CELL} text-right`}>Desvio</th>
                  <th className={`${CELL} text-right`}>Ritmo por hora</th>
                  <th className={CELL}>Previsão</th>
                </tr>
              </thead>
              <tbody>
                {inventory.rows.map((r) => (
                  <tr
                    key={`${r.exchange}:${r.asset}`}
                    data-inventory-row={`${r.exchange}:${r.asset}`}
                    className={`border-b border-border/60 ${r.alert ? 'text-warning' : ''}`}
                  >
                    <td className={CELL}>{exchangeName(r.exchange)}</td>
                    <td className={CELL}>{r.asset}</td>
                    <td className={`${CELL} text-right tabular-nums`}>{formatNumber(r.initial, decimalsOf(r.asset))}</td>
                    <td className={`${CELL} text-right tabular-nums`} data-cell="amount">
                      {formatNumber(r.amount, decimalsOf(r.asset))}
                    </td>
                    <td className={`${CELL} text-right tabular-nums`}>
                      {r.initialSharePercent === null || r.sharePercent === null
                        ? '—'
                        : `${formatNumber(r.initialSharePercent, 1)} % → ${formatNumber(r.sharePercent, 1)} %`}
                    </td>
                    <td className={`${CELL} text-right tabular-nums`} data-cell="skew">
                      {r.skewPoints === null ? '—' : signedPoints(r.skewPoints)}
                    </td>
                    <td className={`${CELL} text-right tabular-nums`}>
                      {formatNumber(r.flowPerHour, decimalsOf(r.asset))}
                    </td>
                    <td className={CELL} data-cell="forecast">
                      {r.forecast ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-muted-foreground">
            Previsão no ritmo das últimas {formatNumber(inventory.windowHours, 1)} h até o saldo não pagar a ordem
            mínima do bot ({formatNumber(inventory.minOrderUsdt, 0)} USDT). Sem saldo num lado, o bot pausa essa
            direção em vez de enviar ordens que falhariam, e volta a operá-la quando o saldo é reposto.
          </p>
        </>
      )}
    </section>
  );
}
