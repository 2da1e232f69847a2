import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession, useSignOut } from '@/lib/session';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The signed-in user's name and email, with an optional 'Sair' button. */
export function UserSummary({ showSignOut }: { showSignOut: boolean }) {
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden
        className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold sm:flex"
      >
        {initials(user.name)}
      </span>
      <div className="min-w-0 text-right sm:text-left">
        <p className="truncate text-sm font-medium">{user.name}</p>
        <p className="truncate text-xs text-muted-foreground">{user.email}</p>
      </div>
      {showSignOut ? (
        <Button variant="outline" size="sm" onClick={signOut}>
          <LogOut aria-hidden />
          Sair
        </Button>
      ) : null}
    </div>
  );
}
