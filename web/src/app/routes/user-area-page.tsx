import type { ReactNode } from 'react';
import { navFor } from '@/components/layout/app-nav';
import { AppShell } from '@/app/app-shell';
import { homePathFor } from '@/config/routes';
import { useSession } from '@/lib/session';

interface UserAreaPageProps {
  title: string;
  children: ReactNode;
}

/** Every signed-in page of a user in the one shell and navigation (an admin's /security and /payment: the admin's). */
export function UserAreaPage({ title, children }: UserAreaPageProps) {
  const { user } = useSession();
  const role = user?.role ?? 'user';
  return (
    <AppShell title={title} nav={navFor(role)} homePath={homePathFor(role)}>
      {children}
    </AppShell>
  );
}
