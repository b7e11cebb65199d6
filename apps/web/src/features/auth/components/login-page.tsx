/**
 * Sign-in page at /login (docs/requirements/screen-contents.md#login): email + password → `POST
 * /api/auth/login`; the three session keys are stored and the user goes to `?next=` or the reviews.
 * Server refusals (401 wrong credentials, 400 invalid input, 429 throttled) are shown as the server
 * wrote them.
 *
 * Plain markup and CSS instead of MUI, and the sign-in logic (zod, contracts) loaded on
 * demand: this is the first screen of most visits, and React + router + i18n already use most
 * of the budget (docs/requirements/quality-goals.md: sign-in page initial JS ≤ 120 KiB gzip). It
 * follows the MUI theme's colours, and the stored skin (`<html data-skin>`), so the switch to the
 * app is seamless. The language switcher is a native select: a few hundred bytes, and it fetches
 * only the chosen language's strings.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/errors.ts';
import {
  changeLanguage,
  currentLanguage,
  isSupportedLanguage,
  LANGUAGE_NAMES,
  SUPPORTED_LANGUAGES,
} from '../../../lib/i18n.ts';
import { safeNextPath } from '../../../lib/paths.ts';
import { readAccessToken, readStoredUserData } from '../../../lib/storage.ts';
import './login-page.css';

const loadSignIn = () => import('../sign-in.ts');

interface FieldErrors {
  email?: string | undefined;
  password?: string | undefined;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Someone already signed in (another tab, the back button) has nothing to do here. Read
  // once: after our own sign-in, `onSubmit` navigates.
  const alreadySignedIn = useMemo(() => readAccessToken() !== null && readStoredUserData() !== null, []);

  useEffect(() => {
    // Fetch the sign-in code while the user types, so submitting does not wait for it.
    const prefetch = () => void loadSignIn().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(prefetch);
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 200);
    return () => clearTimeout(timer);
  }, []);

  if (alreadySignedIn) return <Navigate to={next} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = email.trim();
    const errors: FieldErrors = {
      email: trimmed ? undefined : t('auth.login.emailRequired'),
      password: password ? undefined : t('auth.login.passwordRequired'),
    };
    setError(null);
    setPending(true);
    try {
      const { signIn, isValidEmail } = await loadSignIn();
      if (!errors.email && !isValidEmail(trimmed)) errors.email = t('auth.login.emailInvalid');
      setFieldErrors(errors);
      if (errors.email || errors.password) return;
      await signIn({ email: trimmed, password });
      await navigate(next, { replace: true });
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  const emailErrorId = `${ids}-email-error`;
  const passwordErrorId = `${ids}-password-error`;

  return (
    <main className="dd-login">
      <div className="dd-login__card">
        <div className="dd-login__top">
          <p className="dd-login__brand">{t('app.name')}</p>
          <label className="dd-login__language">
            <span className="dd-visually-hidden">{t('auth.login.language')}</span>
            <select
              data-testid="login-language"
              value={currentLanguage()}
              onChange={(event) => {
                const next = event.target.value;
                // A failed download keeps the current language; the select shows it again.
                if (isSupportedLanguage(next)) changeLanguage(next).catch(() => undefined);
              }}
            >
              {SUPPORTED_LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <h1 className="dd-login__title">{t('auth.login.title')}</h1>
        <p className="dd-login__subtitle">{t('auth.login.subtitle')}</p>

        {error !== null && (
          <div className="dd-login__alert" role="alert" data-testid="login-error">
            {describeError(error, t)}
          </div>
        )}

        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('auth.login.title')}>
          <div className="dd-field">
            <label className="dd-field__label" htmlFor="login-email">
              {t('auth.login.email')}
            </label>
            <input
              id="login-email"
              className="dd-field__input"
              data-testid="login-email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoFocus
              maxLength={254}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? emailErrorId : undefined}
            />
            {fieldErrors.email && (
              <p className="dd-field__error" id={emailErrorId}>
                {fieldErrors.email}
              </p>
            )}
          </div>
          <div className="dd-field">
            <label className="dd-field__label" htmlFor="login-password">
              {t('auth.login.password')}
            </label>
            <input
              id="login-password"
              className="dd-field__input"
              data-testid="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              maxLength={128}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? passwordErrorId : undefined}
            />
            {fieldErrors.password && (
              <p className="dd-field__error" id={passwordErrorId}>
                {fieldErrors.password}
              </p>
            )}
          </div>
          <button type="submit" className="dd-login__submit" data-testid="login-submit" disabled={pending}>
            {pending ? t('auth.login.submitting') : t('auth.login.submit')}
          </button>
        </form>
      </div>
    </main>
  );
}

export default LoginPage;
