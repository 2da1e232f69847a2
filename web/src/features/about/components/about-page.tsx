import { ContentSection } from '@/components/layout/content-section';
import { StaticPage } from '@/components/layout/static-page';
import { FeatureGrid } from '@/components/ui/feature-grid';
import { MISSION, PRINCIPLES, STORY } from '../data/about-content';

export function AboutPage() {
  return (
    <StaticPage eyebrow="Sobre nós" title="Sobre o Arbitra" description={MISSION}>
      <ContentSection title="Nossa história">
        <div className="flex max-w-3xl flex-col gap-4 leading-relaxed text-muted-foreground">
          {STORY.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </ContentSection>
      <ContentSection title="No que acreditamos">
        <FeatureGrid items={PRINCIPLES} />
      </ContentSection>
    </StaticPage>
  );
}
