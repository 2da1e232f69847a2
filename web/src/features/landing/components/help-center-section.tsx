import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HELP_CARDS } from '../data/landing-content';
import { Section } from './section';

export function HelpCenterSection() {
  return (
    <Section
      eyebrow="Central de ajuda"
      title="Aprenda e tire dúvidas"
      description="Conteúdo para quem está começando e para quem já opera."
    >
      <HelpCards />
    </Section>
  );
}

/** The help centre's cards (the landing page's section and /help). */
export function HelpCards() {
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {HELP_CARDS.map(({ icon: Icon, title, description, to, cta }) => (
        <Link key={to} to={to} className="group rounded-lg focus-visible:outline-offset-4">
          <Card className="h-full transition-colors group-hover:border-primary/50">
            <CardHeader>
              <Icon className="mb-2 size-6 text-primary" aria-hidden />
              <CardTitle className="text-base">{title}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <CardDescription>{description}</CardDescription>
              <span className="inline-flex items-center gap-1 text-sm font-medium text-primary">
                {cta}
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
              </span>
            </CardContent>
          </Card>
        </Link>
      ))}
    </div>
  );
}
