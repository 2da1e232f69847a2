import { exchangeName } from '@arbitra/contracts';
import { formatNumber } from '@/lib/format';

/** What failed unwinds left open on a bot (held or owed, per exchange): the user has to close it. */
export function NakedExposure({ exposure }: { exposure: Record<string, string> }) {
  const entries = Object.entries(exposure);
  if (entries.length === 0) return null;
  const parts = entries.map(([key, amount]) => {
    const [exchange = '', asset = ''] = key.split(':');
    const owed = amount.startsWith('-');
    const abs = owed ? amount.slice(1) : amount;
    return `${owed ? 'vendido a descoberto' : 'em carteira'} ${formatNumber(abs, 8)} ${asset} na ${exchangeName(exchange)}`;
  });
  return (
    <p
      role="status"
      className="rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-sm text-amber-600 dark:text-amber-400"
    >
      Exposição aberta após falha ao desfazer uma perna: {parts.join('; ')}. Feche essa posição na exchange.
    </p>
  );
}
