import type { LucideIcon } from 'lucide-react';

/** One entry of a signed-in area's side menu: a route link, an in-page tab, or 'Sair'. */
export type ShellNavItem =
  | { kind: 'link'; label: string; icon: LucideIcon; to: string; end?: boolean }
  | { kind: 'tab'; id: string; label: string; icon: LucideIcon }
  | { kind: 'sign-out'; label: string; icon: LucideIcon };
