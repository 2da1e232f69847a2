import { NumberedSteps } from '@/components/ui/numbered-steps';
import { FeatureGrid } from '@/components/ui/feature-grid';
import { FEATURES, STEPS } from '../data/landing-content';
import { Section } from './section';

export function FeaturesSection() {
  return (
    <Section
      id="features"
      eyebrow="Recursos"
      title="Tudo o que você precisa para arbitrar com método"
      description="Do scanner ao bot, cada número que você vê já considera taxas e liquidez."
    >
      <FeatureGrid items={FEATURES} layout="stacked" />
      <h3 className="mt-16 mb-6 text-center text-xl font-semibold">Como funciona</h3>
      <NumberedSteps steps={STEPS} />
    </Section>
  );
}
