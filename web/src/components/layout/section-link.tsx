import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '@/config/routes';

interface SectionLinkProps {
  /** Id of a landing-page section, without '#'. */
  section: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}

/** '#features' on the landing page; '/#features' from any other page. */
export function SectionLink({ section, className, onClick, children }: SectionLinkProps) {
  const { pathname } = useLocation();
  if (pathname === ROUTES.home) {
    return (
      <a href={`#${section}`} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={`${ROUTES.home}#${section}`} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
