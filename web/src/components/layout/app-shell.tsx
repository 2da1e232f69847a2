import { MaintenanceBanner } from '@/features/maintenance/maintenance-banner';
import type { ReactNode } from 'react';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { DocumentTitle } from './document-title';
import { Logo } from './logo';
import type { ShellNavItem } from './shell-nav';
import { SidebarNav } from './sidebar-nav';
import { UserSummary } from './user-summary';

interface AppShellProps {
  /** Heading of the page, shown in the top bar. */
  title: string;
  navLabel: string;
  items: readonly ShellNavItem[];
  activeTab?: string;
  onSelectTab?: (id: string) => void;
  homePath: string;
  children: ReactNode;
}

/** Layout of the signed-in areas: side menu, top bar with the user, content. */
export function AppShell({
  title,
  navLabel,
  items,
  activeTab,
  onSelectTab,
  homePath,
  children,
}: AppShellProps) {
  const signOutInSidebar = items.some((item) => item.kind === 'sign-out');
  return (
    <div className="flex min-h-dvh flex-col md:flex-row">
      <DocumentTitle title={title} />
      {/* On phones the top bar comes first, then the menu strip, then the content. */}
      <aside className="order-2 border-b border-border bg-card/60 md:order-none md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0 md:flex-col md:border-r md:border-b-0">
        <div className="hidden h-16 items-center border-b border-border px-5 md:flex">
          <Logo to={homePath} />
        </div>
        <SidebarNav label={navLabel} items={items} activeTab={activeTab} onSelectTab={onSelectTab} />
      </aside>
      <div className="contents md:flex md:min-w-0 md:flex-1 md:flex-col">
        <header className="sticky top-0 z-30 order-1 flex md:order-none h-16 items-center justify-between gap-4 border-b border-border bg-background/85 px-4 backdrop-blur sm:px-6">
          <h1 className="truncate text-lg font-semibold">{title}</h1>
          <div className="flex min-w-0 items-center gap-2">
            <NotificationBell />
            <UserSummary showSignOut={!signOutInSidebar} />
          </div>
        </header>
        <div className="order-1 md:order-none">
          <MaintenanceBanner />
        </div>
        <main className="order-3 flex-1 p-4 sm:p-6 md:order-none">{children}</main>
      </div>
    </div>
  );
}
