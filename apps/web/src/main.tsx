/**
 * Browser entry: i18n, the stored layout skin and direction on `<html>`, the router, and the
 * start-up session refresh (docs/requirements/states.md: "On start, if an email is stored, the user
 * details are fetched"), which is loaded only when it will run.
 *
 * A non-English visitor's strings are fetched before the first render (one small chunk), so
 * the page never flashes English and then re-lays out in German (CLS).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyPreferredLanguage } from './lib/i18n.ts';
import { applyDocumentLayout, readLayoutSettings } from './lib/layout-settings.ts';
import { readEmail } from './lib/storage.ts';

applyDocumentLayout(readLayoutSettings());

if (readEmail()) {
  void import('./features/auth/session-bootstrap.ts').then(({ bootstrapSession }) => bootstrapSession());
}

/** Least time between two refreshes of `userData` when the tab comes back into view. */
const REFRESH_ON_RETURN_MS = 60_000;
let lastRefresh = Date.now();
// An owner may change this user's role or access at any time: the server enforces
// it on the next call; refreshing `userData` when the user returns also updates the menu.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'visible' || !readEmail() || Date.now() - lastRefresh < REFRESH_ON_RETURN_MS) return;
  lastRefresh = Date.now();
  void import('./features/auth/session-bootstrap.ts').then(({ bootstrapSession }) => bootstrapSession());
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

void applyPreferredLanguage().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
