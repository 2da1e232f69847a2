import { ContentSection } from '@/components/layout/content-section';
import { StaticPage } from '@/components/layout/static-page';
import { FeatureGrid } from '@/components/ui/feature-grid';
import { NumberedSteps } from '@/components/ui/numbered-steps';
import { BENEFITS, CULTURE, JOBS, SELECTION_STEPS } from '../data/careers-content';
import { JobCard } from './job-card';

export function CareersPage() {
  return (
    <StaticPage
      eyebrow="Carreiras"
      title="Trabalhe no Arbitra"
      description="Estamos construindo a plataforma de arbitragem de criptoativos do Brasil. Venha fazer parte."
    >
      <ContentSection title="Vagas abertas" description={`${JOBS.length} vagas abertas no momento.`}>
        <div className="grid gap-5 md:grid-cols-2">
          {JOBS.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </div>
      </ContentSection>
      <ContentSection title="Benefícios">
        <FeatureGrid items={BENEFITS} />
      </ContentSection>
      <ContentSection title="Nossa cultura">
        <FeatureGrid items={CULTURE} className="lg:grid-cols-2" />
      </ContentSection>
      <ContentSection title="Processo seletivo" description="Quatro etapas, com retorno em todas elas.">
        <NumberedSteps steps={SELECTION_STEPS} className="md:grid-cols-2 lg:grid-cols-4" />
      </ContentSection>
    </StaticPage>
  );
}
