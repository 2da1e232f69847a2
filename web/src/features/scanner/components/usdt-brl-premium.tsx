import { exchangeName, type UsdtBrlPremium } from '@arbitra/contracts';
import { lazy, memo } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPremium, formatRate, premiumSeries } from '../lib/premium-format';
import { DeferredChart } from './deferred-chart';

/** recharts comes with the chart only, and the chart when it comes into view. */
const Chart = lazy(() =>
  import('./usdt-brl-premium-chart').then((m) => ({ default: m.UsdtBrlPremiumChart })),
);

const CHART_HEIGHT = 'h-44';

/**
 * 'Ágio do dólar cripto': each exchange's USDT/BRL against the others and against the reference rate of the R$
 * figures, with a small chart of the last minutes (issue 15). From the scanner snapshot (every 3 s).
 */
export const UsdtBrlPremiumCard = memo(function UsdtBrlPremiumCard({
  premium,
  headingLevel = 'h3',
}: {
  premium: UsdtBrlPremium | null | undefined;
  /** h2 where the card sits right under the page's h1 (/demo). */
  headingLevel?: 'h2' | 'h3';
}) {
  const source =
    premium?.reference.source === 'fallback'
      ? 'valor fixo, sem livro recente'
      : exchangeName(premium?.reference.source ?? '');
  const series = premium ? premiumSeries(premium) : null;
  return (
    <Card role="region" aria-labelledby="agio-titulo">
      <CardHeader>
        <CardTitle as={headingLevel} id="agio-titulo" className="text-base">
          Ágio do dólar cripto (USDT/BRL)
        </CardTitle>
        <CardDescription>
          Quanto o USDT custa em reais em cada exchange, comparado às outras e à cotação de referência usada
          nos valores em R$.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!premium || premium.exchanges.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aguardando os livros de USDT/BRL das exchanges…</p>
        ) : (
          <>
            <div className="flex flex-wrap gap-x-8 gap-y-3">
              {premium.spreads.map((s) => (
                <div key={`${s.exchange}:${s.versus}`} className="flex flex-col" data-testid="agio-spread">
                  <span className="text-xs text-muted-foreground">
                    {exchangeName(s.exchange)} vs. {exchangeName(s.versus)}
                  </span>
                  <span className="text-2xl font-semibold tabular-nums">{formatPremium(s.pct)}</span>
                </div>
              ))}
              <div className="flex flex-col">
                <span className="text-xs text-muted-foreground">Referência ({source})</span>
                <span className="text-2xl font-semibold tabular-nums">
                  {formatRate(premium.reference.rate)}
                </span>
              </div>
            </div>
            <table className="w-full text-sm" aria-label="USDT/BRL por exchange">
              <thead>
                <tr className="text-left text-xs text-muted-foreground">
                  <th className="py-1 font-medium">Exchange</th>
                  <th className="py-1 text-right font-medium">USDT/BRL (médio)</th>
                  <th className="py-1 text-right font-medium">Ágio vs. referência</th>
                </tr>
              </thead>
              <tbody>
                {premium.exchanges.map((e) => (
                  <tr key={e.exchange} className="border-t border-border">
                    <td className="py-1.5">{exchangeName(e.exchange)}</td>
                    <td className="py-1.5 text-right tabular-nums">{formatRate(e.mid)}</td>
                    <td className="py-1.5 text-right tabular-nums">{formatPremium(e.vsReferencePct)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {series && series.points.length >= 2 ? (
              <DeferredChart className={CHART_HEIGHT}>
                <Chart points={series.points} keys={series.keys} />
              </DeferredChart>
            ) : (
              <p
                className={`flex ${CHART_HEIGHT} items-center justify-center text-center text-sm text-muted-foreground`}
              >
                Coletando o histórico do ágio… o gráfico aparece em alguns segundos.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
});
