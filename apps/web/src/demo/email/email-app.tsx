/**
 * The email demo app (`/apps/email`; docs/requirements/routes.md, data.md#email, states.md and
 * calls.md): a full-height mail client laid out like the template's. Left: Compose, folders with
 * unread badges, labels (a drawer under the md breakpoint). Right: the list of the folder or label
 * (search, select all, bulk actions) or, with `?id=`, the open email with newer/older navigation
 * and a reply area. The view, the search and the open email are in the URL
 * (components/email-view.ts). All data comes from the demo mock calls (api/), kept for the browser
 * session.
 */
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DemoAppFrame } from '../components/demo-app-frame.tsx';
import { useEmails } from './api/get-emails.ts';
import { ComposeDialog } from './components/compose-dialog.tsx';
import { EmailDetail } from './components/email-detail.tsx';
import { EmailList } from './components/email-list.tsx';
import { EmailSidebar } from './components/email-sidebar.tsx';
import { EMAIL_BASE, listParamsOf, parseEmailPath, pathOfView, type EmailScreenView } from './components/email-view.ts';
import { EMAIL_OWNER } from './schema.ts';

const SIDEBAR_WIDTH = 260;

function EmailScreen({ view }: { view: EmailScreenView }) {
  const { t } = useTranslation('demo-email');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const rawId = Number(searchParams.get('id'));
  const openId = Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  const params = useMemo(() => listParamsOf(view, search), [view, search]);
  // The view's list also gives the sidebar its badges (emailsMeta) and the compose dialog its
  // suggestions; it stays subscribed while an email is open.
  const counts = useEmails(params);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [composing, setComposing] = useState(false);
  const [toast, setToast] = useState<{ key: number; message: string } | null>(null);
  const notify = (message: string) => setToast({ key: Date.now(), message });

  const setParam = (name: 'q' | 'id', value: string | null, replace = false) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace },
    );

  const suggestions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const email of counts.data?.emails ?? []) {
      for (const person of [email.from, ...email.to]) {
        if (person.email !== EMAIL_OWNER.email) seen.set(person.email, `${person.name} <${person.email}>`);
      }
    }
    return [...seen.values()].sort();
  }, [counts.data]);

  const sidebar = (
    <EmailSidebar
      view={view}
      meta={counts.data?.emailsMeta}
      onCompose={() => {
        setSidebarOpen(false);
        setComposing(true);
      }}
      onNavigate={() => setSidebarOpen(false)}
    />
  );

  return (
    <>
      <DemoAppFrame
        title={t('title')}
        sidebarLabel={t('sidebar')}
        sidebar={sidebar}
        sidebarWidth={SIDEBAR_WIDTH}
        wide={wide}
        sidebarOpen={sidebarOpen}
        onCloseSidebar={() => setSidebarOpen(false)}
        mainLabel={t(view.kind === 'label' ? `labels.${view.label}` : `folders.${view.folder}`)}
        testId="email-app"
      >
        {openId ? (
          <EmailDetail
            key={openId}
            id={openId}
            params={params}
            onBack={() => setParam('id', null)}
            onOpen={(id) => setParam('id', String(id), true)}
            notify={notify}
          />
        ) : (
          <EmailList
            key={pathOfView(view)}
            view={view}
            params={params}
            search={search}
            onSearch={(q) => setParam('q', q, true)}
            onOpen={(id) => setParam('id', String(id))}
            onMenu={wide ? undefined : () => setSidebarOpen(true)}
            notify={notify}
          />
        )}
      </DemoAppFrame>
      <ComposeDialog
        open={composing}
        onClose={() => setComposing(false)}
        onSent={() => {
          setComposing(false);
          notify(t('toast.sent'));
        }}
        suggestions={suggestions}
      />
      <Snackbar
        key={toast?.key}
        open={toast !== null}
        autoHideDuration={4000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setToast(null);
        }}
        message={toast?.message}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        data-testid="email-toast"
      />
    </>
  );
}

/** `/apps/email` and below: the folder or label view of the path; unknown paths go to the inbox. */
export default function EmailApp() {
  const { t } = useTranslation('demo-email');
  useDocumentTitle(t('title'));
  const { pathname, search } = useLocation();
  const view = parseEmailPath(pathname);
  if (!view) return <Navigate to={`${EMAIL_BASE}${search}`} replace />;
  return <EmailScreen view={view} />;
}
