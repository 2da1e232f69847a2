import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@/config/routes';
import { useSession, useSignOut } from '@/lib/session';
import { PROFILE_ITEM } from './app-nav';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted';

/** The header's user button: name and email, and a menu with Perfil, Segurança and Sair. */
export function UserMenu() {
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;
  const isAdmin = user.role === 'admin';
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={`Menu da conta de ${user.name}`}
        className="flex min-w-0 items-center gap-2 rounded-md p-1 text-left hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold"
        >
          {initials(user.name)}
        </span>
        <span className="hidden min-w-0 lg:block">
          <span className="block max-w-48 truncate text-sm font-medium">{user.name}</span>
          <span className="block max-w-48 truncate text-xs text-muted-foreground">{user.email}</span>
        </span>
        <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 rounded-md border border-border bg-popover p-1 shadow-xl animate-fade-in"
        >
          <div className="px-2 py-2">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
          <Menu.Separator className="my-1 h-px bg-border" />
          {isAdmin ? null : (
            <Menu.Item asChild className={itemClass}>
              <Link to={PROFILE_ITEM.to}>
                <UserRound className="size-4" aria-hidden />
                Perfil
              </Link>
            </Menu.Item>
          )}
          <Menu.Item asChild className={itemClass}>
            <Link to={ROUTES.security}>
              <ShieldCheck className="size-4" aria-hidden />
              Segurança
            </Link>
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-border" />
          <Menu.Item className={itemClass} onSelect={signOut}>
            <LogOut className="size-4" aria-hidden />
            Sair
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
