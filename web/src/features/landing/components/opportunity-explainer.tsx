import { Equal, Minus } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type Sign = 'none' | 'minus' | 'equal';

/** net = sell − buy − fees, each side priced by walking the book to the executable size. */
const ROWS: readonly { sign: Sign; label: string; detail: string }[] = [
  {
    sign: 'none',
    label: 'Venda na exchange mais cara',
    detail: 'preço médio caminhando o livro de compras até o volume executável',
  },
  {
    sign: 'minus',
    label: 'Compra na exchange mais barata',
    detail: 'preço médio caminhando o livro de vendas no mesmo volume',
  },
  { sign: 'minus', label: 'Taxas de cada exchange', detail: 'taxa taker da compra e da venda' },
  { sign: 'equal', label: 'Lucro líquido', detail: 'em % e em R$, com a idade da oportunidade' },
];

const SIGN_ICONS = { minus: Minus, equal: Equal } as const;

function SignIcon({ sign }: { sign: Sign }) {
  if (sign === 'none') return <span className="size-4" aria-hidden />;
  const Icon = SIGN_ICONS[sign];
  return <Icon className="size-4" aria-hidden />;
}

/** How an opportunity is computed: an explanation, not data. */
export function OpportunityExplainer() {
  return (
    <Card className="bg-card/80 shadow-2xl shadow-black/40 backdrop-blur">
      <CardHeader>
        {/* Right after the page's h1: an h2 (a card title is an h3; no skipped level). */}
        <h2 className="text-lg leading-tight font-semibold">Como calculamos uma oportunidade</h2>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-3">
          {ROWS.map((row) => {
            const total = row.sign === 'equal';
            return (
              <li
                key={row.label}
                className={cn(
                  'flex gap-3 rounded-md border p-3',
                  total ? 'border-primary/40 bg-primary/10' : 'border-border bg-muted/40',
                )}
              >
                <span className="mt-0.5 text-muted-foreground">
                  <SignIcon sign={row.sign} />
                </span>
                <span className="flex flex-col">
                  <span className={total ? 'font-semibold text-primary' : 'font-medium'}>{row.label}</span>
                  <span className="text-sm text-muted-foreground">{row.detail}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
