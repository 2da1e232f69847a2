import { EXCHANGES, type ExchangeId, type OpportunityStrategy } from '@arbitra/contracts';
import { RotateCcw } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FilterPills, type FilterOption } from '@/components/ui/filter-pills';
import { InputField, SelectField } from '@/components/ui/field';
import {
  ALL,
  DEFAULT_FILTERS,
  parseMinPercent,
  parseTransferBrl,
  type OpportunityFilters,
} from '../lib/opportunity-filter';
import { STRATEGY_LABELS } from '../lib/opportunity-format';

const STRATEGY_OPTIONS: readonly FilterOption<OpportunityStrategy | typeof ALL>[] = [
  { value: ALL, label: 'Todas' },
  { value: 'arbitrage', label: STRATEGY_LABELS.arbitrage },
  { value: 'triangular', label: STRATEGY_LABELS.triangular },
  { value: 'statistical', label: STRATEGY_LABELS.statistical },
];

const EXCHANGE_OPTIONS: { value: ExchangeId | typeof ALL; label: string }[] = [
  { value: ALL, label: 'Todas as exchanges' },
  ...EXCHANGES.map((e) => ({ value: e.id, label: e.displayName })),
];
type DecimalFilterKey = 'minPercent' | 'minAfterPercent' | 'transferBrl';

const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:border-ring';

interface ScannerFiltersProps {
  filters: OpportunityFilters;
  onChange: (filters: OpportunityFilters) => void;
  pairs: readonly string[];
}

/** Strategy, pair, exchange and minimum net % (the % accepts a pt-BR decimal comma). */
export function ScannerFilters({ filters, onChange, pairs }: ScannerFiltersProps) {
  const set = (patch: Partial<OpportunityFilters>) => onChange({ ...filters, ...patch });
  const minInvalid = Number.isNaN(parseMinPercent(filters.minPercent));
  const minAfterInvalid = Number.isNaN(parseMinPercent(filters.minAfterPercent));
  const transferInvalid = parseTransferBrl(filters.transferBrl) === null;
  /** A decimal filter typed in pt-BR, in a labelled field: its value, its editing and whether it reads. */
  const decimal = (key: DecimalFilterKey, invalid: boolean) =>
    ({
      fieldClassName: 'gap-2',
      inputMode: 'decimal',
      autoComplete: 'off',
      value: filters[key],
      'aria-invalid': invalid || undefined,
      onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [key]: e.target.value }),
    }) as const;
  const changed = (Object.keys(DEFAULT_FILTERS) as (keyof OpportunityFilters)[]).some(
    (k) => filters[k] !== DEFAULT_FILTERS[k],
  );

  return (
    <div className="flex flex-col gap-4">
      <FilterPills
        label="Estratégia"
        options={STRATEGY_OPTIONS}
        value={filters.strategy}
        onChange={(strategy) => set({ strategy })}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_12rem_auto] lg:items-end">
        <SelectField
          id="filtro-par"
          label="Par"
          fieldClassName="gap-2"
          className={SELECT_CLASS}
          value={filters.pair}
          onChange={(pair) => set({ pair })}
          options={[{ value: ALL, label: 'Todos os pares' }, ...pairs.map((p) => ({ value: p, label: p }))]}
        />
        <SelectField
          id="filtro-exchange"
          label="Exchange"
          fieldClassName="gap-2"
          className={SELECT_CLASS}
          value={filters.exchange}
          onChange={(exchange) => set({ exchange })}
          options={EXCHANGE_OPTIONS}
        />
        <InputField
          id="filtro-minimo"
          label="Lucro líquido mínimo (%)"
          {...decimal('minPercent', minInvalid)}
          placeholder="ex.: 0,15"
          aria-describedby={minInvalid ? 'filtro-minimo-erro' : undefined}
        />
        <Button variant="ghost" onClick={() => onChange(DEFAULT_FILTERS)} disabled={!changed}>
          <RotateCcw aria-hidden />
          Limpar filtros
        </Button>
      </div>
      {minInvalid ? (
        <p id="filtro-minimo-erro" className="text-sm text-destructive">
          Informe um número, por exemplo 0,15.
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[16rem_16rem_1fr] lg:items-end">
        <InputField
          id="filtro-minimo-rebalanceamento"
          label="Lucro mínimo após rebalanceamento (%)"
          {...decimal('minAfterPercent', minAfterInvalid)}
          placeholder="ex.: 0,10"
        />
        <InputField
          id="filtro-transferencia"
          label="Transferência para rebalancear (R$)"
          {...decimal('transferBrl', transferInvalid)}
          aria-describedby="filtro-transferencia-ajuda"
        />
        <p id="filtro-transferencia-ajuda" className="text-xs text-muted-foreground">
          Lucro após rebalanceamento: o lucro líquido menos a parte desta operação nas taxas de saque para
          devolver a moeda e o saldo às corretoras de origem (rede mais barata aberta nos dois lados),
          rateadas em transferências deste valor (padrão R$ 5.000). &quot;Sem rota&quot;: não há rede para
          transferir.
        </p>
      </div>
      {minAfterInvalid || transferInvalid ? (
        <p className="text-sm text-destructive">
          {minAfterInvalid
            ? 'Informe um número, por exemplo 0,10.'
            : 'Informe o valor da transferência em reais, por exemplo 5.000.'}
        </p>
      ) : null}
    </div>
  );
}
