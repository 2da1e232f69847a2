import { RefreshCw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { useMarketSnapshot } from '../hooks/use-market-snapshot';
import type { MarketState } from '../lib/market-state';

export const NO_OPPORTUNITY = 'Nenhuma oportunidade no momento — o scanner continua procurando';

function Message({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-md border border-dashed border-border px-6 py-10 text-center text-sm text-muted-foreground">
      {children}
    </div>
  );
}

/**
 * The scanner card's body (the demo and the dashboard tab): loading, the error with a retry, waiting for the
 * engine's first scanner, or the list given as `children`. `shown` is the market state the page draws (deferred,
 * or frozen while paused); `waiting`, that the engine has published nothing yet.
 */
export function ScannerBody({
  market,
  shown,
  waiting,
  children,
}: {
  market: Pick<ReturnType<typeof useMarketSnapshot>, 'isLoading' | 'error' | 'refetch'>;
  shown: MarketState | null;
  waiting: boolean;
  children: ReactNode;
}) {
  if (market.isLoading && !shown) return <ScannerLoading />;
  if (market.error && !shown) {
    return <ScannerError message={market.error.message} onRetry={() => void market.refetch()} />;
  }
  if (waiting) return <ScannerWaiting />;
  return <>{children}</>;
}

export function ScannerLoading() {
  return (
    <Message>
      <Spinner label="Carregando o scanner..." />
      <span>Carregando o scanner…</span>
    </Message>
  );
}

export function ScannerError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Message>
      <p role="alert" className="text-destructive">
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden />
        Tentar novamente
      </Button>
    </Message>
  );
}

/** The engine has not published a scanner yet (just started, or down). */
export function ScannerWaiting() {
  return (
    <Message>
      <Spinner label="Aguardando o motor de mercado" />
      <span>
        O motor de mercado ainda não publicou oportunidades. Esta tela se atualiza sozinha assim que ele
        começar.
      </span>
    </Message>
  );
}

export function ScannerEmpty({ filtered = false }: { filtered?: boolean }) {
  return (
    <Message>
      <SearchX className="size-6" aria-hidden />
      <span>{filtered ? 'Nenhuma oportunidade atende aos filtros escolhidos.' : NO_OPPORTUNITY}</span>
    </Message>
  );
}

/** What "líquido" means here, honestly. */
export function NetExplanation() {
  return (
    <p className="text-xs text-muted-foreground">
      <strong className="font-medium text-foreground">Líquido</strong> significa: depois das taxas de taker de
      cada exchange e percorrendo a profundidade dos livros de ofertas até o tamanho que pode ser executado de
      verdade. Não inclui taxas de saque ou transferência entre exchanges, nem o risco de os preços mudarem
      durante a execução. Lucro em R$ convertido pela cotação USDT/BRL de referência.
    </p>
  );
}
