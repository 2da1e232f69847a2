import { DocumentTitle } from '@/components/layout/document-title';
import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { FeaturesSection } from './features-section';
import { HelpCenterSection } from './help-center-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';

/** '/': hero, features, pricing, about, help centre and contact. Live platform figures come later (DECISIONS §1). */
export function LandingPage() {
  return (
    <>
      <DocumentTitle />
      <HeroSection />
      <FeaturesSection />
      <PricingSection />
      <AboutSection />
      <HelpCenterSection />
      <ContactSection />
    </>
  );
}
