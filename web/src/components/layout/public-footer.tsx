import { Link } from 'react-router-dom';
import { FOOTER_LINKS } from '@/config/navigation';
import { Logo } from './logo';

export function PublicFooter() {
  return (
    <footer className="border-t border-border bg-card/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">
            Arbitragem de criptomoedas entre exchanges, com oportunidades calculadas já descontando taxas e
            profundidade.
          </p>
        </div>
        {FOOTER_LINKS.map((group) => (
          <nav key={group.title} aria-label={group.title} className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold">{group.title}</h2>
            {group.links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className="text-sm text-muted-foreground hover:text-foreground"
              >
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} Arbitra. Negociar criptoativos envolve risco; resultados passados não
          garantem resultados futuros.
        </p>
      </div>
    </footer>
  );
}
