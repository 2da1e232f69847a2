import { ROUTES } from '@/config/routes';

/** Pages not built yet: each gets the placeholder (under-development-page.tsx, a lazy chunk). */
export const UNDER_DEVELOPMENT_PAGES = [
  {
    path: ROUTES.webinars,
    title: 'Webinars',
    detail:
      'Ainda não há webinars agendados. Enquanto isso, o tutorial e a base de conhecimento cobrem o básico.',
  },
] as const;
