import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LANDING_SECTIONS } from '@/config/navigation';
import { homePathFor, ROUTES } from '@/config/routes';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { Logo } from './logo';
import { SectionLink } from './section-link';

const MOBILE_MENU_ID = 'menu-principal-mobile';

function HeaderActions({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const hydrated = useHydrated();
  // The prerendered HTML of '/' and '/demo' (src/prerender.tsx) is the same for everybody, and shows the visitor's
  // 'Entrar' and 'Começar Grátis' with the rest of the page (issue 27: they used to appear a moment later). They are
  // right for a signed-in user too until the session is read: /login and /register send a signed-in user on to
  // their home (RedirectSignedIn); after hydration that user sees 'Minha conta' in their place.
  if (hydrated && user) {
    return (
      <Button asChild>
        <Link to={homePathFor(user.role)} onClick={onNavigate}>
          Minha conta
        </Link>
      </Button>
    );
  }
  return <SignedOutActions onNavigate={onNavigate} />;
}

function SignedOutActions({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <Button asChild variant="ghost">
        <Link to={ROUTES.login} onClick={onNavigate}>
          Entrar
        </Link>
      </Button>
      <Button asChild>
        <Link to={ROUTES.register} onClick={onNavigate}>
          Começar Grátis
        </Link>
      </Button>
    </>
  );
}

export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  // In the prerendered HTML the menu button has no handler yet: a tap before the script would do nothing. It is
  // disabled until React has adopted the page, then it works at the first tap.
  const hydrated = useHydrated();
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Seções" className="hidden items-center gap-6 md:flex">
          {LANDING_SECTIONS.map((s) => (
            <SectionLink
              key={s.id}
              section={s.id}
              className="text-sm text-muted-foreground transition-colors hover:text-foreground"
            >
              {s.label}
            </SectionLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <HeaderActions />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          disabled={!hydrated}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </Button>
      </div>
      {menuOpen ? (
        <div id={MOBILE_MENU_ID} className="border-t border-border bg-background md:hidden">
          <nav aria-label="Menu" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4">
            {LANDING_SECTIONS.map((s) => (
              <SectionLink
                key={s.id}
                section={s.id}
                onClick={closeMenu}
                className="rounded-md px-3 py-2 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                {s.label}
              </SectionLink>
            ))}
            <div className="mt-3 grid grid-cols-2 gap-2 [&>*]:w-full">
              <HeaderActions onNavigate={closeMenu} />
            </div>
          </nav>
        </div>
      ) : null}
    </header>
  );
}
