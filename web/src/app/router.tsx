import { lazy, Suspense } from 'react';
import { createRoutesFromElements, Navigate, Route, useRoutes } from 'react-router-dom';
import { AuthLayout } from '@/components/layout/auth-layout';
import { PageLoader } from '@/components/layout/page-loader';
import { ROUTES } from '@/config/routes';
import { RedirectSignedIn, RequireAdmin, RequireSignedIn, RequireUser } from './routes/guards';
import { lazyPage } from './routes/lazy-page';
import { UNDER_DEVELOPMENT_PAGES } from './routes/under-development-pages';

// Every page is its own chunk (React.lazy through lazyPage), and so are the public layout and QueryLayout (TanStack
// Query, for the pages that read server data): the entry holds only the router, the session, the sign-in layout
// and the guards, so /login loads its form and nothing else, and no public page downloads the signed-in app (nor
// recharts). The HTML of '/', '/demo' and '/login' preloads their chunks (web/vite.config.ts, PRELOADED_ROUTES), so
// being lazy costs them no round trip; that of '/' and '/demo' also holds their first view, prerendered by the build
// (src/prerender.tsx) and hydrated by app/start.tsx. A new page follows the pattern:
// `const XPage = lazyPage(() => import('@/features/x/components/x-page'), 'XPage');` (docs/ARCHITECTURE.md).
const QueryLayout = lazyPage(() => import('./query-provider'), 'QueryLayout');
const PublicLayout = lazyPage(() => import('@/components/layout/public-layout'), 'PublicLayout');
// It takes props (lazyPage is for pages without): React.lazy on its own.
const UnderDevelopmentPage = lazy(async () => ({
  default: (await import('./routes/under-development-page')).UnderDevelopmentPage,
}));
const LandingPage = lazyPage(() => import('@/features/landing/components/landing-page'), 'LandingPage');
const DemoPage = lazyPage(() => import('@/features/scanner/components/demo-page'), 'DemoPage');
const StatusPage = lazyPage(() => import('@/features/status/components/status-page'), 'StatusPage');
const TutorialPage = lazyPage(() => import('@/features/tutorial/components/tutorial-page'), 'TutorialPage');
const KnowledgeBasePage = lazyPage(
  () => import('@/features/knowledge-base/components/knowledge-base-page'),
  'KnowledgeBasePage',
);
const KnowledgeArticlePage = lazyPage(
  () => import('@/features/knowledge-base/components/article-page'),
  'KnowledgeArticlePage',
);
const BlogPostPage = lazyPage(() => import('@/features/blog/components/post-page'), 'BlogPostPage');
const NewsletterConfirmPage = lazyPage(
  () => import('@/features/blog/components/newsletter-confirm-page'),
  'NewsletterConfirmPage',
);
const HelpPage = lazyPage(() => import('@/features/landing/components/help-page'), 'HelpPage');
const AboutPage = lazyPage(() => import('@/features/about/components/about-page'), 'AboutPage');
const BlogPage = lazyPage(() => import('@/features/blog/components/blog-page'), 'BlogPage');
const CareersPage = lazyPage(() => import('@/features/careers/components/careers-page'), 'CareersPage');
const ApiPage = lazyPage(() => import('@/features/developers/components/api-page'), 'ApiPage');
const DocsRedirect = lazyPage(() => import('@/features/developers/components/docs-redirect'), 'DocsRedirect');
const TermsPage = lazyPage(() => import('@/features/legal/components/legal-page'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('@/features/legal/components/legal-page'), 'PrivacyPage');
const ContactPage = lazyPage(() => import('@/features/contact/components/contact-page'), 'ContactPage');
const SupportPage = lazyPage(() => import('@/features/contact/components/contact-page'), 'SupportPage');
const AdminMessages = lazyPage(() => import('@/features/contact/components/admin-messages'), 'AdminMessages');
const PressPage = lazyPage(() => import('@/features/press/components/press-page'), 'PressPage');

const LoginPage = lazyPage(() => import('@/features/auth/components/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('@/features/auth/components/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(
  () => import('@/features/auth/components/forgot-password-page'),
  'ForgotPasswordPage',
);
const ConfirmEmailPage = lazyPage(
  () => import('@/features/auth/components/confirm-email-page'),
  'ConfirmEmailPage',
);
const ResetPasswordPage = lazyPage(
  () => import('@/features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);

const DashboardPage = lazyPage(() => import('./routes/dashboard-page'), 'DashboardPage');
const BotsPage = lazyPage(() => import('./routes/bots-page'), 'BotsPage');
const BacktestsPage = lazyPage(() => import('./routes/backtests-page'), 'BacktestsPage');
const BacktestResultPage = lazyPage(() => import('./routes/backtests-page'), 'BacktestResultPage');
const SecurityPage = lazyPage(() => import('./routes/security-page'), 'SecurityPage');
const PaymentPage = lazyPage(() => import('./routes/payment-page'), 'PaymentPage');
const TaxSummaryPage = lazyPage(() => import('@/features/tax/components/tax-summary-page'), 'TaxSummaryPage');

const AdminLayout = lazyPage(() => import('./routes/admin-layout'), 'AdminLayout');
const AdminOverview = lazyPage(() => import('@/features/admin/components/admin-overview'), 'AdminOverview');
const AdminUsers = lazyPage(() => import('@/features/admin/components/admin-users'), 'AdminUsers');
const AdminUserDetail = lazyPage(
  () => import('@/features/admin/components/admin-user-detail'),
  'AdminUserDetail',
);
const AdminRevenue = lazyPage(() => import('@/features/admin/components/admin-revenue'), 'AdminRevenue');
const AdminSystem = lazyPage(() => import('@/features/admin/components/admin-system'), 'AdminSystem');
const AdminSecurity = lazyPage(() => import('@/features/admin/components/admin-security'), 'AdminSecurity');
const AdminSettings = lazyPage(() => import('@/features/admin/components/admin-settings'), 'AdminSettings');

/**
 * Every route of SPEC §2 and DECISIONS §10, with its guard. Any other path goes to '/'. Built once: AppRoutes
 * matches the path against it when the path changes, and not again each time a lazy page or layout of it resolves
 * (React retries the Suspense boundary under AppRoutes, not AppRoutes: with `<Routes>` inside that boundary, each
 * retry flattened, ranked and matched the whole tree again, in the first render's tasks on a slow phone, issue 33).
 */
const ROUTE_TREE = createRoutesFromElements(
  <>
    <Route element={<AuthLayout />}>
      <Route element={<RedirectSignedIn />}>
        <Route path={ROUTES.login} element={<LoginPage />} />
        <Route path={ROUTES.register} element={<RegisterPage />} />
      </Route>
    </Route>

    {/* Sign-in and sign-up read no server data through TanStack Query: outside QueryLayout. */}
    <Route element={<QueryLayout />}>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route path={ROUTES.demo} element={<DemoPage />} />
        <Route path={ROUTES.tutorial} element={<TutorialPage />} />
        <Route path={ROUTES.knowledgeBase} element={<KnowledgeBasePage />} />
        <Route path={ROUTES.about} element={<AboutPage />} />
        <Route path={ROUTES.knowledgeArticle} element={<KnowledgeArticlePage />} />
        <Route path={ROUTES.blog} element={<BlogPage />} />
        <Route path={ROUTES.blogPost} element={<BlogPostPage />} />
        <Route path={ROUTES.newsletterConfirm} element={<NewsletterConfirmPage />} />
        <Route path={ROUTES.careers} element={<CareersPage />} />
        <Route path={ROUTES.press} element={<PressPage />} />
        <Route path={ROUTES.status} element={<StatusPage />} />
        <Route path={ROUTES.api} element={<ApiPage />} />
        <Route path={ROUTES.docs} element={<DocsRedirect />} />
        <Route path={ROUTES.help} element={<HelpPage />} />
        <Route path={ROUTES.terms} element={<TermsPage />} />
        <Route path={ROUTES.contact} element={<ContactPage />} />
        <Route path={ROUTES.support} element={<SupportPage />} />
        <Route path={ROUTES.privacy} element={<PrivacyPage />} />
        {UNDER_DEVELOPMENT_PAGES.map((page) => (
          <Route
            key={page.path}
            path={page.path}
            element={<UnderDevelopmentPage title={page.title} detail={page.detail} />}
          />
        ))}
      </Route>

      <Route element={<AuthLayout />}>
        <Route path={ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
        <Route path={ROUTES.confirmEmail} element={<ConfirmEmailPage />} />
      </Route>

      <Route element={<RequireUser />}>
        <Route path={ROUTES.dashboard} element={<DashboardPage />} />
        <Route path={ROUTES.bots} element={<BotsPage />} />
        <Route path={ROUTES.backtests} element={<BacktestsPage />} />
        <Route path={ROUTES.backtest} element={<BacktestResultPage />} />
        <Route path={ROUTES.taxSummary} element={<TaxSummaryPage />} />
      </Route>

      <Route element={<RequireSignedIn />}>
        <Route path={ROUTES.security} element={<SecurityPage />} />
        <Route path={ROUTES.payment} element={<PaymentPage />} />
      </Route>

      <Route element={<RequireAdmin />}>
        <Route element={<AdminLayout />}>
          <Route path={ROUTES.admin} element={<AdminOverview />} />
          <Route path={ROUTES.adminUsers} element={<AdminUsers />} />
          <Route path={`${ROUTES.adminUsers}/:id`} element={<AdminUserDetail />} />
          <Route path={ROUTES.adminRevenue} element={<AdminRevenue />} />
          <Route path={ROUTES.adminSystem} element={<AdminSystem />} />
          <Route path={ROUTES.adminSecurity} element={<AdminSecurity />} />
          <Route path={ROUTES.adminSettings} element={<AdminSettings />} />
          <Route path={ROUTES.adminMessages} element={<AdminMessages />} />
        </Route>
      </Route>
    </Route>

    <Route path="*" element={<Navigate to={ROUTES.home} replace />} />
  </>,
);

export function AppRoutes() {
  const page = useRoutes(ROUTE_TREE);
  return <Suspense fallback={<PageLoader />}>{page}</Suspense>;
}
