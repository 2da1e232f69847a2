import { ArrowRight, Check, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { centsToDecimal, formatNumber, formatPercent } from '@/lib/format';
import type { StrategyRisk, TutorialContent } from '../data/tutorial-steps';
import { priceExample } from '../lib/price-example';

type ContentOf<T extends TutorialContent['type']> = Extract<TutorialContent, { type: T }>;

const usdt = (cents: number) => `${formatNumber(centsToDecimal(cents), 2)} USDT`;

function Text({ children }: { children: ReactNode }) {
  return <p className="leading-relaxed text-muted-foreground">{children}</p>;
}

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {items.map((item) => (
        <li
          key={item}
          className="flex items-start gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm"
        >
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {item}
        </li>
      ))}
    </ul>
  );
}

function NumberedList({ items }: { items: readonly string[] }) {
  return (
    <ol className="flex flex-col gap-2">
      {items.map((item, index) => (
        <li key={item} className="flex items-center gap-3 text-sm">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary">
            {index + 1}
          </span>
          {item}
        </li>
      ))}
    </ol>
  );
}

function TitledList({ items }: { items: readonly { title: string; description: string }[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.title} className="rounded-md border border-border bg-muted/40 p-4">
          <dt className="font-medium">{item.title}</dt>
          <dd className="mt-1 text-sm text-muted-foreground">{item.description}</dd>
        </div>
      ))}
    </dl>
  );
}

function ConceptBlock({ text, example }: ContentOf<'concept'>) {
  const result = priceExample(example.buy.price, example.sell.price, example.takerFeePercent);
  const rows = [
    { label: `Compra na ${example.buy.exchange}`, value: `${formatNumber(example.buy.price, 2)} USDT` },
    { label: `Venda na ${example.sell.exchange}`, value: `${formatNumber(example.sell.price, 2)} USDT` },
    { label: 'Diferença bruta', value: `${usdt(result.grossCents)} (${formatPercent(result.grossPercent)})` },
    {
      label: `Taxas (${formatPercent(example.takerFeePercent)} de cada lado)`,
      value: `− ${usdt(result.feesCents)}`,
    },
  ];
  return (
    <>
      <Text>{text}</Text>
      <figure className="rounded-lg border border-border bg-muted/30 p-4">
        <figcaption className="mb-3 flex items-center justify-between gap-2 text-sm font-medium">
          Exemplo ilustrativo: 1 {example.pair.split('/')[0]}
          <Badge variant="outline">{example.pair}</Badge>
        </figcaption>
        <dl className="flex flex-col divide-y divide-border text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex justify-between gap-4 py-2">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="font-mono">{row.value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 pt-3 font-semibold text-primary">
            <dt>Lucro líquido</dt>
            <dd className="font-mono">
              {usdt(result.netCents)} ({formatPercent(result.netPercent)})
            </dd>
          </div>
        </dl>
      </figure>
    </>
  );
}

function SetupBlock({ text, steps, securityNote }: ContentOf<'setup'>) {
  return (
    <>
      <Text>{text}</Text>
      <NumberedList items={steps} />
      <p className="flex gap-3 rounded-md border border-warning/40 bg-warning/10 p-4 text-sm">
        <ShieldAlert className="size-5 shrink-0 text-warning" aria-hidden />
        {securityNote}
      </p>
    </>
  );
}

function BotCreationBlock({ text, config }: ContentOf<'bot-creation'>) {
  return (
    <>
      <Text>{text}</Text>
      <dl className="grid gap-px overflow-hidden rounded-lg border border-border bg-border sm:grid-cols-2">
        {config.map((item) => (
          <div key={item.key} className="flex justify-between gap-4 bg-card px-4 py-3 text-sm">
            <dt className="text-muted-foreground">{item.key}</dt>
            <dd className="font-medium">{item.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

const RISK_VARIANT: Record<StrategyRisk, BadgeProps['variant']> = {
  Baixo: 'success',
  Médio: 'warning',
  Alto: 'destructive',
};

function StrategiesBlock({ text, strategies }: ContentOf<'strategies'>) {
  return (
    <>
      <Text>{text}</Text>
      <div className="grid gap-3 lg:grid-cols-3">
        {strategies.map((s) => (
          <div key={s.name} className="flex flex-col gap-3 rounded-lg border border-border bg-muted/30 p-4">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold">{s.name}</h3>
              <Badge variant={RISK_VARIANT[s.risk]}>Risco {s.risk}</Badge>
            </div>
            <p className="text-sm text-muted-foreground">{s.description}</p>
            <dl className="mt-auto grid gap-1 text-xs">
              <div className="flex gap-1">
                <dt className="text-muted-foreground">Lucro:</dt>
                <dd>{s.profit}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-muted-foreground">Prazo:</dt>
                <dd>{s.timeframe}</dd>
              </div>
            </dl>
          </div>
        ))}
      </div>
    </>
  );
}

function NextStepsBlock({ text, actions }: ContentOf<'next-steps'>) {
  return (
    <>
      <Text>{text}</Text>
      <NumberedList items={actions} />
      <Button asChild size="lg" className="self-start">
        <Link to={ROUTES.register}>
          Começar Agora
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </>
  );
}

/** Renders a step's content block according to its type. */
export function StepContent({ content }: { content: TutorialContent }) {
  switch (content.type) {
    case 'intro':
      return (
        <>
          <Text>{content.text}</Text>
          <CheckList items={content.highlights} />
        </>
      );
    case 'concept':
      return <ConceptBlock {...content} />;
    case 'setup':
      return <SetupBlock {...content} />;
    case 'bot-creation':
      return <BotCreationBlock {...content} />;
    case 'strategies':
      return <StrategiesBlock {...content} />;
    case 'risk-management':
      return (
        <>
          <Text>{content.text}</Text>
          <TitledList items={content.tools} />
        </>
      );
    case 'analytics':
      return (
        <>
          <Text>{content.text}</Text>
          <TitledList items={content.metrics.map((m) => ({ title: m.name, description: m.description }))} />
        </>
      );
    case 'next-steps':
      return <NextStepsBlock {...content} />;
  }
}
