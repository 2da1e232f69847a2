import { Link } from 'react-router-dom';
import { ContentSection } from '@/components/layout/content-section';
import { Logo } from '@/components/layout/logo';
import { StaticPage } from '@/components/layout/static-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ROUTES } from '@/config/routes';
import { BRAND_COLORS, FACT_SHEET } from '../data/press-content';

export function PressPage() {
  return (
    <StaticPage
      eyebrow="Imprensa"
      title="Sala de imprensa"
      description="Informações sobre o produto e materiais de marca para jornalistas."
      actions={
        <Button asChild variant="outline">
          <Link to={ROUTES.contact}>Contato para imprensa</Link>
        </Button>
      }
    >
      <ContentSection title="Comunicados">
        <p className="text-muted-foreground">
          Ainda não publicamos comunicados à imprensa. Para entrevistas, dados do produto ou materiais, use o
          contato para imprensa: respondemos por email.
        </p>
      </ContentSection>
      <div className="grid gap-10 lg:grid-cols-2">
        <ContentSection title="Arbitra em resumo">
          <dl className="divide-y divide-border rounded-lg border border-border bg-card">
            {FACT_SHEET.map((fact) => (
              <div key={fact.label} className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr]">
                <dt className="text-sm font-medium text-muted-foreground">{fact.label}</dt>
                <dd className="text-sm">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </ContentSection>
        <ContentSection title="Marca">
          <Card>
            <CardContent className="flex flex-col gap-6 pt-5">
              <Logo className="text-2xl" />
              <ul className="grid grid-cols-3 gap-3">
                {BRAND_COLORS.map((color) => (
                  <li key={color.hex} className="flex flex-col gap-2 text-sm">
                    <span className={`h-14 rounded-md border border-border ${color.className}`} aria-hidden />
                    <span className="font-medium">{color.name}</span>
                    <span className="font-mono text-xs text-muted-foreground">{color.hex}</span>
                  </li>
                ))}
              </ul>
              <p className="text-sm text-muted-foreground">
                Use o nome “Arbitra” com inicial maiúscula. Para logotipos em alta resolução, fale com nosso
                time.
              </p>
            </CardContent>
          </Card>
        </ContentSection>
      </div>
    </StaticPage>
  );
}
