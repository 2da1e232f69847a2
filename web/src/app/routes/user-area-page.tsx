import type { ReactNode } from 'react';
import { AppShell } from '@/components/layout/app-shell';
import { homePathFor } from '@/config/routes';
import { useSession } from '@/lib/session';
import { userAreaNav } from './user-area-nav';

interface UserAreaPageProps {
  page: Parameters<typeof userAreaNav>[0];
  title: string;
  children: ReactNode;
}

/** /bots, /security and /payment: the shell with the page's own side menu. */
export function UserAreaPage({ page, title, children }: UserAreaPageProps) {
  const { user } = useSession();
  const role = user?.role ?? 'user';
  return (
    <AppShell title={title} navLabel="Menu" items={userAreaNav(page, role)} homePath={homePathFor(role)}>
      {children}
    </AppShell>
  );
}
