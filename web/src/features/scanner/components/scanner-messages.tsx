import { RefreshCw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export const NO_OPPORTUNITY = 'Nenhuma oportunidade no momento — o scanner continua procurando';

function Message({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-md border border-dashed border-border px-6 py-10 text-center text-sm text-muted-foreground">
      {children}
    </div>
  );
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
