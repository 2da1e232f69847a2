import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { MaintenanceBanner } from '@/features/maintenance/maintenance-banner';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { overlayClassName } from '@/components/ui/dialog';
import type { NavSection } from '@/components/layout/app-nav';
import { DocumentTitle } from '@/components/layout/document-title';
import { Logo } from '@/components/layout/logo';
import { SidebarNav } from '@/components/layout/sidebar-nav';
import { UserMenu } from '@/components/layout/user-menu';

interface AppShellProps {
  /** Heading of the page, shown in the top bar. */
  title: string;
  nav: readonly NavSection[];
  homePath: string;
  children: ReactNode;
}

/** The phone's menu: the same navigation in a drawer from the left, closed when an entry is followed. */
function PhoneMenu({ nav, homePath }: Pick<AppShellProps, 'nav' | 'homePath'>) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        aria-label="Abrir menu"
        className="-ml-2 flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground md:hidden"
      >
        <Menu className="size-5" aria-hidden />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-border bg-card shadow-xl animate-fade-in"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-border px-4">
            <DialogPrimitive.Title asChild>
              <div onClick={close}>
                <Logo to={homePath} />
              </div>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Fechar menu"
              className="flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <SidebarNav sections={nav} onNavigate={close} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * Layout of the signed-in areas (DECISIONS §13): ONE navigation (a sidebar on wide screens, a drawer behind
 * 'Abrir menu' on phones), the top bar with the page's title, the bell and the user menu, then the content.
 */
export function AppShell({ title, nav, homePath, children }: AppShellProps) {
  return (
    <div className="flex min-h-dvh">
      <DocumentTitle title={title} />
      <aside className="hidden w-60 shrink-0 border-r border-border bg-card/60 md:block">
        <div className="sticky top-0 flex h-dvh flex-col overflow-y-auto">
          <div className="flex h-16 shrink-0 items-center border-b border-border px-5">
            <Logo to={homePath} />
          </div>
          <SidebarNav sections={nav} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-border bg-background/85 px-4 backdrop-blur sm:px-6">
          <div className="flex min-w-0 items-center gap-1">
            <PhoneMenu nav={nav} homePath={homePath} />
            <h1 className="min-w-0 text-lg leading-tight font-semibold text-balance">{title}</h1>
          </div>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <NotificationBell />
            <UserMenu />
          </div>
        </header>
        <MaintenanceBanner />
        <main className="min-w-0 flex-1 p-4 sm:p-6">{children}</main>
      </div>
    </div>
  );
}
