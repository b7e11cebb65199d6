/**
 * The template's demo sign-in pages (docs/requirements/routes.md demo routes;
 * docs/requirements/validation.md, roles.md and calls.md `/jwt/*`): `/pages/login-v1`, `login-v2`,
 * `register-v1`, `register-v2`, `forgot-password-v1`, `-v2`, `reset-password-v1`, `-v2`. `v1` is a
 * centred card, `v2` a split layout with an illustration. They render in the blank layout and work
 * signed out of DineDesk (app/demo-route.tsx), and keep their own demo session (demo-session.ts),
 * never the product's. Each of the eight paths is registered in demo/screens.ts; a path below one
 * of them (e.g. `/pages/login-v1/x`) shows that page.
 */
import { useLocation } from 'react-router';
import type { AuthVariant } from './components/auth-layout.tsx';
import { ForgotPasswordPage } from './components/forgot-password-page.tsx';
import { LoginPage } from './components/login-page.tsx';
import { RegisterPage } from './components/register-page.tsx';
import { ResetPasswordPage } from './components/reset-password-page.tsx';

const PAGE_PATH = /^\/pages\/(login|register|forgot-password|reset-password)-(v1|v2)(?:\/|$)/;

/** The demo sign-in page of the current path. */
export default function AuthPagesApp() {
  const { pathname } = useLocation();
  const match = PAGE_PATH.exec(pathname);
  const page = match?.[1] ?? 'login';
  const variant = (match?.[2] ?? 'v1') as AuthVariant;
  switch (page) {
    case 'register':
      return <RegisterPage key={variant} variant={variant} />;
    case 'forgot-password':
      return <ForgotPasswordPage key={variant} variant={variant} />;
    case 'reset-password':
      return <ResetPasswordPage key={variant} variant={variant} />;
    default:
      return <LoginPage key={variant} variant={variant} />;
  }
}
