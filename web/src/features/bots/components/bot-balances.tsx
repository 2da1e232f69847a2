import { exchangeName, type BotBalance } from '@arbitra/contracts';
import { formatNumber } from '@/lib/format';

/** Decimals shown per asset: reais and dollars to the cent, crypto to the satoshi (a cycle's remainder shows). */
const decimalsOf = (asset: string) => (asset === 'BRL' || asset === 'USDT' ? 2 : 8);

/**
 * What the bot holds on each exchange, as its trades left it (the ledger's balances): besides its cash, what a
 * trade kept — a triangular cycle's remainder below a market's step, a fee paid in BNB — counted in its profit at
 * the trade's prices.
 */
export function BotBalances({ balances }: { balances: readonly BotBalance[] }) {
  if (balances.length === 0) return null;
  return (
    <table className="w-full text-xs" aria-label="Saldos do bot">
      <caption className="pb-1 text-left text-sm font-medium">Saldos</caption>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th>Exchange</th>
          <th>Ativo</th>
          <th className="text-right">Inicial</th>
          <th className="text-right">Atual</th>
        </tr>
      </thead>
      <tbody>
        {balances.map((b) => (
          <tr key={`${b.exchange}:${b.asset}`}>
            <td>{exchangeName(b.exchange)}</td>
            <td>{b.asset}</td>
            <td className="text-right tabular-nums">{formatNumber(b.initial, decimalsOf(b.asset))}</td>
            <td className="text-right tabular-nums">{formatNumber(b.amount, decimalsOf(b.asset))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
