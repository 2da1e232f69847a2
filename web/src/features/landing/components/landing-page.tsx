import { DocumentTitle } from '@/components/layout/document-title';
import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { FeaturesSection } from './features-section';
import { HelpCenterSection } from './help-center-section';
import { HeroSection } from './hero-section';
import { LiveFigures } from './live-figures';
import { PricingSection } from './pricing-section';

/** '/': hero, live platform figures (DECISIONS §1), features, pricing, about, help centre and contact. */
export function LandingPage() {
  return (
    <>
      <DocumentTitle />
      <HeroSection />
      <LiveFigures />
      <FeaturesSection />
      <PricingSection />
      <AboutSection />
      <HelpCenterSection />
      <ContactSection />
    </>
  );
}
