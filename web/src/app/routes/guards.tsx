import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { homePathFor, ROUTES } from '@/config/routes';
import { useSession } from '@/lib/session';

/** Sends a visitor to /login, remembering where they were going. */
function ToLogin() {
  const location = useLocation();
  return <Navigate to={ROUTES.login} replace state={{ from: location }} />;
}

/** Any signed-in user (/security, /payment). */
export function RequireSignedIn() {
  const { user } = useSession();
  return user ? <Outlet /> : <ToLogin />;
}

/** A signed-in user who is not an admin (/dashboard, /bots); admins are confined to /admin. */
export function RequireUser() {
  const { user } = useSession();
  if (!user) return <ToLogin />;
  if (user.role === 'admin') return <Navigate to={ROUTES.admin} replace />;
  return <Outlet />;
}

/** An admin (/admin and its sub-pages); anyone else goes to /login, which sends users on to /dashboard. */
export function RequireAdmin() {
  const { user } = useSession();
  return user?.role === 'admin' ? <Outlet /> : <ToLogin />;
}

/** /login and /register: a signed-in user goes to their home (/admin or /dashboard). */
export function RedirectSignedIn() {
  const { user } = useSession();
  return user ? <Navigate to={homePathFor(user.role)} replace /> : <Outlet />;
}
