import { lazy, Suspense, useEffect } from 'react';
import { DocumentTitle } from '@/components/layout/document-title';
import { whenIdle } from '@/lib/idle';
import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { FeaturesSection } from './features-section';
import { HelpCenterSection } from './help-center-section';
import { HeroSection } from './hero-section';
import { LiveFigures } from './live-figures';
import { PricingSection } from './pricing-section';

/**
 * The sections under the first screen, in one element that does not box them (display: contents). Preact keeps one
 * node of a boundary that suspends while hydrating: with five sibling sections it kept the first and dropped the
 * other four, then drew them anew when released (issue 28).
 */
function LowerSections() {
  return (
    <div className="contents">
      <FeaturesSection />
      <PricingSection />
      <AboutSection />
      <HelpCenterSection />
      <ContactSection />
    </div>
  );
}

/** The id of the first of LowerSections' sections (FeaturesSection's anchor). */
const FIRST_LOWER_SECTION_ID = 'features';

/**
 * Whether this document was loaded at '/' with the page's prerendered HTML (web/vite.config.ts,
 * app/start.tsx): React adopts it (hydration). Not at build time (no document), nor in a page reached later.
 */
const hydratingLanding =
  typeof document !== 'undefined' &&
  window.location.pathname === '/' &&
  document.getElementById('root')?.getAttribute('data-prerendered') === '/';

let releaseLowerSections = () => {};
const lowerSectionsReleased = new Promise<void>((resolve) => {
  releaseLowerSections = resolve;
});

/**
 * While hydrating: LowerSections once released (they come into view, or the browser is idle). Until then the
 * renderer leaves their prerendered HTML as it is (a suspended boundary keeps its one node: seen, links working, no
 * script), so the hydration's tasks hold the first screen only (issue 33); once released, it adopts that node.
 * Any other render (a page reached by a link, the build's prerender, tests) draws them at once.
 */
const DeferredLowerSections = hydratingLanding
  ? lazy(() => lowerSectionsReleased.then(() => ({ default: LowerSections })))
  : LowerSections;

/**
 * One element, built once: a re-render of the landing page before the boundary hydrated must not hand it new
 * props (the renderer could drop the prerendered HTML and draw the fallback).
 */
const lowerSections = (
  <Suspense fallback={null}>
    <DeferredLowerSections />
  </Suspense>
);

/** Releases the lower sections when the first of them nears the screen or the browser is idle, whichever first. */
function useReleaseLowerSections() {
  useEffect(() => {
    if (!hydratingLanding) return undefined;
    const first = document.getElementById(FIRST_LOWER_SECTION_ID);
    let observer: IntersectionObserver | undefined;
    if (first && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) releaseLowerSections();
        },
        { rootMargin: '0px 0px 50% 0px' },
      );
      observer.observe(first);
    }
    const cancelIdle = whenIdle(releaseLowerSections, 5_000);
    return () => {
      observer?.disconnect();
      cancelIdle();
    };
  }, []);
}

/** '/': hero, live platform figures (DECISIONS §1), features, pricing, about, help centre and contact. */
export function LandingPage() {
  useReleaseLowerSections();
  return (
    <>
      <DocumentTitle />
      <HeroSection />
      <LiveFigures />
      {lowerSections}
    </>
  );
}
