import { Link } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { ROUTES } from '@/config/routes';
import { PRIVACY, TERMS, type LegalDocument } from '../data/legal-texts';

function LegalPage({ doc, other }: { doc: LegalDocument; other: { to: string; label: string } }) {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-14 sm:px-6">
      <DocumentTitle title={doc.title} />
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{doc.title}</h1>
        <p className="text-muted-foreground">{doc.summary}</p>
      </header>
      {doc.sections.map((section) => (
        <section key={section.title} className="flex flex-col gap-3">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="leading-relaxed text-muted-foreground">
              {p}
            </p>
          ))}
        </section>
      ))}
      <p className="text-sm">
        Veja também:{' '}
        <Link className="text-primary underline" to={other.to}>
          {other.label}
        </Link>
        .
      </p>
    </article>
  );
}

/** /terms */
export function TermsPage() {
  return <LegalPage doc={TERMS} other={{ to: ROUTES.privacy, label: PRIVACY.title }} />;
}

/** /privacy (LGPD) */
export function PrivacyPage() {
  return <LegalPage doc={PRIVACY} other={{ to: ROUTES.terms, label: TERMS.title }} />;
}
