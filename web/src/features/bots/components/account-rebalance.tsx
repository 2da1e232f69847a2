import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { botsApi } from '../api/bots-api';
import { RebalancePlanTable } from './rebalance-panel';

/**
 * 'Rebalanceamento da conta' under the bots list (issue 29): every bot's balances and starting splits together —
 * the transfers that would restore them across the user's exchanges, with fees, time and the table used. Read when
 * opened. Each paper bot executes its own plan from its detail; live funds are moved by hand (Arbitra never withdraws).
 */
export function AccountRebalance() {
  const [open, setOpen] = useState(false);
  const { data, isLoading, error } = useQuery({
    queryKey: ['bots', 'account-rebalance'],
    queryFn: botsApi.accountRebalance,
    enabled: open,
  });
  return (
    <details className="rounded-md border border-border p-3" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium">Rebalanceamento da conta</summary>
      <div className="mt-2 flex flex-col gap-2">
        {isLoading && <Spinner />}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        )}
        {data && (
          <>
            <p className="text-xs text-muted-foreground">
              Todos os bots juntos ({data.bots.length}): as transferências que devolvem cada ativo à divisão
              inicial entre as corretoras. Bots simulados rebalanceiam pelo próprio detalhe; no modo real,
              faça as transferências na corretora — o Arbitra nunca faz saques.
            </p>
            <RebalancePlanTable view={data} />
          </>
        )}
      </div>
    </details>
  );
}
