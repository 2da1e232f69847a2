import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { DocumentTitle } from './document-title';
import { SignupCta } from './signup-cta';

interface StaticPageProps {
  eyebrow: string;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** Frame of the static marketing pages: heading, content, and the register/login call to action. */
export function StaticPage({ eyebrow, title, description, actions, children }: StaticPageProps) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-14 sm:px-6">
      <DocumentTitle title={title} />
      <PageHeader eyebrow={eyebrow} title={title} description={description} actions={actions} />
      {children}
      <SignupCta />
    </div>
  );
}
