/**
 * Last-resort error screen. The usual cause in production is a lazy chunk that no longer
 * exists after a deploy, which a reload fixes, so that is the action offered. Plain markup:
 * it is in the entry chunk and must work even when the MUI chunk is the one that failed.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <main role="alert" style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '15vh 24px' }}>
      <h1>{t('misc.error.title')}</h1>
      <p>{t('misc.error.description')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('misc.error.reload')}
      </button>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <ErrorScreen /> : this.props.children;
  }
}

/** Catches render errors; moving to another path gives the new screen a fresh chance. */
export function AppErrorBoundary({ children }: BoundaryProps) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
