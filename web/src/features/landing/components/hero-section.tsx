import { EXCHANGES, TRIAL_DAYS } from '@arbitra/contracts';
import { ArrowRight, PlayCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { OpportunityExplainer } from './opportunity-explainer';

/** 'Binance, Mercado Bitcoin, Gate.io, MEXC e Bybit' (pt-BR's conjunction, without Intl.ListFormat: issue 33). */
const names = EXCHANGES.map((e) => e.displayName);
const exchangeNames = `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`;

export function HeroSection() {
  return (
    <section className="relative overflow-hidden border-b border-border">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgba(16,185,129,0.16),transparent_55%),radial-gradient(ellipse_at_bottom_right,rgba(34,211,238,0.10),transparent_50%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:py-28">
        <div className="flex flex-col gap-6">
          <p className="w-fit rounded-full border border-primary/30 bg-primary/10 px-3 py-1 text-xs font-medium text-primary">
            Arbitragem entre exchanges em tempo real
          </p>
          <h1 className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl xl:text-[3.5rem]">
            Encontre diferenças de preço entre exchanges e{' '}
            <span className="text-primary">lucre com o que sobra de verdade</span>
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            O Arbitra compara em tempo real os livros de ofertas da {exchangeNames} e mostra apenas
            oportunidades líquidas: com as taxas de cada exchange descontadas e a profundidade do livro
            considerada. Automatize com bots e comece no modo simulado, sem arriscar seu capital.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={ROUTES.register}>
                Começar Gratuitamente
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={ROUTES.demo}>
                <PlayCircle aria-hidden />
                Ver Demo
              </Link>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            {TRIAL_DAYS} dias grátis do plano Profissional · Cancele quando quiser
          </p>
        </div>
        <OpportunityExplainer />
      </div>
    </section>
  );
}
