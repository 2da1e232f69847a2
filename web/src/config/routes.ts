import type { Role } from '@arbitra/contracts';

/** Every path of the app (SPEC §2, DECISIONS §10), one place. */
export const ROUTES = {
  home: '/',
  demo: '/demo',
  tutorial: '/tutorial',
  knowledgeBase: '/knowledge-base',
  knowledgeArticle: '/knowledge-base/:slug',
  about: '/about',
  blog: '/blog',
  blogPost: '/blog/:slug',
  newsletterConfirm: '/newsletter/confirm',
  careers: '/careers',
  press: '/press',
  api: '/api',
  docs: '/docs',
  status: '/status',
  contact: '/contact',
  help: '/help',
  webinars: '/webinars',
  support: '/support',
  terms: '/terms',
  privacy: '/privacy',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  dashboard: '/dashboard',
  bots: '/bots',
  backtests: '/backtests',
  backtest: '/backtests/:id',
  security: '/security',
  payment: '/payment',
  taxSummary: '/impostos/resumo',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminRevenue: '/admin/revenue',
  adminSystem: '/admin/system',
  adminSecurity: '/admin/security',
  adminSettings: '/admin/settings',
  adminMessages: '/admin/messages',
} as const;

/** Where a signed-in user belongs: admins are confined to /admin (SPEC §6). */
export function homePathFor(role: Role): string {
  return role === 'admin' ? ROUTES.admin : ROUTES.dashboard;
}

/** A tab of /dashboard ('overview', the home, has no ?tab=). */
export function dashboardTabPath(tab: string): string {
  return tab === 'overview' ? ROUTES.dashboard : `${ROUTES.dashboard}?tab=${encodeURIComponent(tab)}`;
}

/** The results page of one backtest ('Simular'); `compare`: another run shown side by side. */
export function backtestPath(id: string, compare?: string): string {
  return `/backtests/${encodeURIComponent(id)}${compare ? `?compare=${encodeURIComponent(compare)}` : ''}`;
}

/** A knowledge-base article's page. */
export const knowledgeArticlePath = (slug: string) => `/knowledge-base/${encodeURIComponent(slug)}`;

/** A blog post's page. */
export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
