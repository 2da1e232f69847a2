import { ROUTES } from './routes';

export interface NavLinkItem {
  label: string;
  to: string;
}

/** Sections of the landing page reachable from the header. */
export const LANDING_SECTIONS = [
  { label: 'Recursos', id: 'features' },
  { label: 'Preços', id: 'pricing' },
  { label: 'Sobre', id: 'about' },
  { label: 'Contato', id: 'contact' },
] as const;

export const FOOTER_LINKS: readonly { title: string; links: readonly NavLinkItem[] }[] = [
  {
    title: 'Produto',
    links: [
      { label: 'Demo', to: ROUTES.demo },
      { label: 'API', to: ROUTES.api },
      { label: 'Documentação', to: ROUTES.docs },
      { label: 'Status', to: ROUTES.status },
    ],
  },
  {
    title: 'Aprender',
    links: [
      { label: 'Tutorial', to: ROUTES.tutorial },
      { label: 'Base de Conhecimento', to: ROUTES.knowledgeBase },
      { label: 'Blog', to: ROUTES.blog },
    ],
  },
  {
    title: 'Empresa',
    links: [
      { label: 'Sobre', to: ROUTES.about },
      { label: 'Carreiras', to: ROUTES.careers },
      { label: 'Imprensa', to: ROUTES.press },
    ],
  },
  {
    title: 'Suporte',
    links: [
      { label: 'Contato', to: ROUTES.contact },
      { label: 'Ajuda', to: ROUTES.help },
      { label: 'Termos de Serviço', to: ROUTES.terms },
      { label: 'Privacidade', to: ROUTES.privacy },
    ],
  },
];
