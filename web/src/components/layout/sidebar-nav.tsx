import { Link, useLocation } from 'react-router-dom';
import { cn } from '@/lib/cn';
import type { NavSection } from './app-nav';

export const NAV_LABEL = 'Menu principal';

const itemClass =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';
const currentClass = 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary';

interface SidebarNavProps {
  sections: readonly NavSection[];
  /** Called when an entry is followed (the phone's menu closes). */
  onNavigate?: () => void;
}

/** Every destination of the area, grouped; the one the browser is on carries aria-current="page". */
export function SidebarNav({ sections, onNavigate }: SidebarNavProps) {
  const location = useLocation();
  return (
    <nav aria-label={NAV_LABEL} className="flex flex-col gap-4 p-3">
      {sections.map((section, i) => (
        <div key={section.title ?? i} className="flex flex-col gap-0.5">
          {section.title ? (
            <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground/80 uppercase">
              {section.title}
            </p>
          ) : null}
          {section.items.map((item) => {
            const current = item.isCurrent(location);
            const Icon = item.icon;
            return (
              <Link
                key={item.label}
                to={item.to}
                aria-current={current ? 'page' : undefined}
                className={cn(itemClass, current && currentClass)}
                onClick={onNavigate}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                {item.label}
              </Link>
            );
          })}
        </div>
      ))}
    </nav>
  );
}
