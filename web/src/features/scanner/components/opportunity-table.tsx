import type { Opportunity } from '@arbitra/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight } from 'lucide-react';
import { memo, useCallback, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import type { SortKey, SortState } from '../lib/opportunity-filter';
import { formatAge, opportunityAgeMs, opportunityRowText } from '../lib/opportunity-format';
import { OpportunityLegs } from './opportunity-legs';

interface OpportunityTableProps {
  opportunities: readonly Opportunity[];
  /** Server time now (ages count from it). */
  now: number;
  /** Sortable headers when given. */
  sort?: SortState;
  onSort?: (key: SortKey) => void;
  /** Shown in place of the rows when the list is empty. */
  empty: ReactNode;
  label: string;
}

const STRATEGY_VARIANTS = { arbitrage: 'default', triangular: 'secondary', statistical: 'outline' } as const;

/** The figures' columns, right-aligned, in table order: each sorts the list. */
const SORTABLE_COLUMNS: readonly (readonly [SortKey, string])[] = [
  ['net', 'Líquido'],
  ['after', 'Após rebalanc.'],
  ['size', 'Tamanho'],
  ['profit', 'Lucro estimado'],
  ['age', 'Idade'],
];

function SortableHead({
  label,
  sortKey,
  sort,
  onSort,
  className,
}: {
  label: string;
  sortKey: SortKey;
  sort?: SortState;
  onSort?: (key: SortKey) => void;
  className?: string;
}) {
  if (!sort || !onSort) return <TableHead className={cn('whitespace-nowrap', className)}>{label}</TableHead>;
  const active = sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.direction === 'desc' ? ArrowDown : ArrowUp;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (sort.direction === 'desc' ? 'descending' : 'ascending') : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cn(
          'inline-flex items-center gap-1 whitespace-nowrap uppercase hover:text-foreground',
          active && 'text-foreground',
        )}
      >
        {label}
        <Icon className="size-3" aria-hidden />
      </button>
    </TableHead>
  );
}

/** A figure of the row, right-aligned, with a second line under it in small print (R$ under %, capital under size). */
function FigureCell({
  figure,
  under,
  strong = false,
  ...cell
}: ComponentProps<typeof TableCell> & { figure: string; under: string; strong?: boolean }) {
  return (
    <TableCell className="text-right whitespace-nowrap tabular-nums" {...cell}>
      <div className={cn('font-mono', strong && 'font-medium')}>{figure}</div>
      <div className="text-xs text-muted-foreground">{under}</div>
    </TableCell>
  );
}

interface OpportunityRowProps {
  opportunity: Opportunity;
  /** Its age as shown ('5 s'): the row is redrawn when it changes, not at every tick of the clock. */
  age: string;
  open: boolean;
  onToggle: (id: string) => void;
}

/** One opportunity, and its orders (legs) below it while open. */
const OpportunityRow = memo(function OpportunityRow({
  opportunity: o,
  age,
  open,
  onToggle,
}: OpportunityRowProps) {
  const text = useMemo(() => opportunityRowText(o), [o]);
  const detailsId = `oportunidade-${o.id.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <>
      <TableRow data-testid="opportunity-row" data-id={o.id}>
        <TableCell className="pr-0">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={open ? `Ocultar ordens de ${text.route}` : `Ver ordens de ${text.route}`}
            onClick={() => onToggle(o.id)}
            className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            {open ? (
              <ChevronDown className="size-4" aria-hidden />
            ) : (
              <ChevronRight className="size-4" aria-hidden />
            )}
          </button>
        </TableCell>
        <TableCell label="Estratégia">
          <Badge variant={STRATEGY_VARIANTS[o.strategy]}>{text.strategy}</Badge>
        </TableCell>
        <TableCell label="Rota e par(es)" wide className="whitespace-nowrap">
          <div className="font-medium" data-testid="route">
            {text.route}
          </div>
          <div className="text-xs text-muted-foreground">{text.pairs}</div>
        </TableCell>
        <TableCell
          lead={1}
          label="Líquido"
          className="text-right font-mono font-semibold text-success tabular-nums"
        >
          {text.net}
        </TableCell>
        <FigureCell
          label="Após rebalanc."
          figure={text.after}
          under={text.afterBrl}
          data-testid="after-rebalance"
        />
        <FigureCell lead={3} label="Tamanho" figure={text.size} under={text.capital} />
        <FigureCell lead={2} label="Lucro estimado" figure={text.profitBrl} under={text.profitUsdt} strong />
        <TableCell
          lead={4}
          label="Idade"
          className="text-right whitespace-nowrap text-muted-foreground tabular-nums"
        >
          {age}
        </TableCell>
      </TableRow>
      {open ? (
        <TableRow id={detailsId} className="bg-muted/30 hover:bg-muted/30">
          <TableCell colSpan={8}>
            <OpportunityLegs opportunity={o} />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
});

/** The live opportunities, one row each, with the orders (legs) behind a row on demand. */
export function OpportunityTable({ opportunities, now, sort, onSort, empty, label }: OpportunityTableProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const toggle = useCallback((id: string) => setOpenId((current) => (current === id ? null : id)), []);

  if (opportunities.length === 0) return <>{empty}</>;

  return (
    <Table cards aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-8">
            <span className="sr-only">Detalhes</span>
          </TableHead>
          <TableHead>Estratégia</TableHead>
          <TableHead>Rota e par(es)</TableHead>
          {SORTABLE_COLUMNS.map(([sortKey, columnLabel]) => (
            <SortableHead
              key={sortKey}
              label={columnLabel}
              sortKey={sortKey}
              sort={sort}
              onSort={onSort}
              className="text-right"
            />
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {/* Keyed by rank: when a new list reorders the opportunities, each row's text changes in place instead of
            rows moving around (no layout shift, no DOM moves); the open row follows its opportunity by id. */}
        {opportunities.map((o, rank) => (
          <OpportunityRow
            key={rank}
            opportunity={o}
            age={formatAge(opportunityAgeMs(o, now))}
            open={openId === o.id}
            onToggle={toggle}
          />
        ))}
      </TableBody>
    </Table>
  );
}
