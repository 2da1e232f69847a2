import { FeatureGrid } from '@/components/ui/feature-grid';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { VALUES } from '../data/landing-content';
import { Section } from './section';

export function AboutSection() {
  return (
    <Section
      id="about"
      eyebrow="Sobre"
      title="Arbitragem séria, sem promessas fáceis"
      description="O Arbitra nasceu para dar ao trader brasileiro as ferramentas que as mesas profissionais usam: dados de mercado em tempo real, execução automatizada e controle de risco, com números honestos."
      className="bg-card/30"
    >
      <FeatureGrid items={VALUES} />
      <div className="mt-10 flex justify-center">
        <Button asChild variant="outline">
          <Link to={ROUTES.about}>Conheça o Arbitra</Link>
        </Button>
      </div>
    </Section>
  );
}
