import { BOT_MODE_LABELS, type BotMode } from '@arbitra/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatBRL, formatNumber } from '@/lib/format';

/**
 * A result in R$ first and USDT second (issue 15, DECISIONS §11): 'R$ 12,34 · 2,26 USDT'. `brl` is the API's exact
 * decimal string (centavos), `usdt` its rounded USDT figure; null when it has none.
 */
export function BrlFirst({
  brl,
  usdt,
  stacked = false,
  signed = false,
  className,
}: {
  brl: string;
  usdt: number | null;
  /** USDT on a line of its own (a summary card). */
  stacked?: boolean;
  /** A result: green above zero, red below. */
  signed?: boolean;
  className?: string;
}) {
  const sign = signed ? Math.sign(Number(brl)) : 0;
  return (
    <span
      className={cn(
        'whitespace-nowrap',
        sign > 0 && 'text-success',
        sign < 0 && 'text-destructive',
        className,
      )}
    >
      <span data-currency="brl">{formatBRL(brl)}</span>
      {usdt !== null && (
        <span data-currency="usdt" className={cn('text-xs text-muted-foreground', stacked && 'block')}>
          {stacked ? '' : ' · '}
          {formatNumber(usdt, 2)} USDT
        </span>
      )}
    </span>
  );
}

/** The mode tag of a trade or bot: 'Simulado' stands out (paper is never passed off as real), 'Real' is plain. */
export function ModeTag({ mode, className }: { mode: BotMode; className?: string }) {
  return mode === 'paper' ? (
    <Badge
      variant="warning"
      className={className}
      title="Operação simulada (paper trading), sem ordens reais."
    >
      {BOT_MODE_LABELS.paper}
    </Badge>
  ) : (
    <Badge variant="outline" className={className}>
      {BOT_MODE_LABELS.live}
    </Badge>
  );
}
