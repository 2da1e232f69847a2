import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { useSignOut } from '@/lib/session';
import type { ShellNavItem } from './shell-nav';

const itemClass =
  'flex shrink-0 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';
const activeClass = 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary';

function ItemBody({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <>
      <Icon className="size-4 shrink-0" aria-hidden />
      {children}
    </>
  );
}

interface SidebarNavProps {
  label: string;
  items: readonly ShellNavItem[];
  activeTab?: string;
  onSelectTab?: (id: string) => void;
}

/** Vertical on wide screens, a scrollable strip on phones. */
export function SidebarNav({ label, items, activeTab, onSelectTab }: SidebarNavProps) {
  const signOut = useSignOut();
  return (
    <nav aria-label={label} className="flex gap-1 overflow-x-auto p-2 md:flex-col md:overflow-visible md:p-3">
      {items.map((item) => {
        switch (item.kind) {
          case 'link':
            return (
              <NavLink
                key={item.label}
                to={item.to}
                end={item.end}
                className={({ isActive }) => cn(itemClass, isActive && activeClass)}
              >
                <ItemBody icon={item.icon}>{item.label}</ItemBody>
              </NavLink>
            );
          case 'tab': {
            const active = item.id === activeTab;
            return (
              <button
                key={item.id}
                type="button"
                aria-current={active ? 'page' : undefined}
                className={cn(itemClass, active && activeClass)}
                onClick={() => onSelectTab?.(item.id)}
              >
                <ItemBody icon={item.icon}>{item.label}</ItemBody>
              </button>
            );
          }
          case 'sign-out':
            return (
              <button
                key={item.label}
                type="button"
                className={cn(itemClass, 'md:mt-auto')}
                onClick={signOut}
              >
                <ItemBody icon={item.icon}>{item.label}</ItemBody>
              </button>
            );
        }
      })}
    </nav>
  );
}
