/**
 * Browser entry: i18n, the router, and the start-up session refresh (spec §4: "On start, if an
 * email is stored, the user details are fetched"), which is loaded only when it will run.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './lib/i18n.ts';
import { readEmail } from './lib/storage.ts';

if (readEmail()) {
  void import('./features/auth/session-bootstrap.ts').then(({ bootstrapSession }) => bootstrapSession());
}

/** Least time between two refreshes of `userData` when the tab comes back into view. */
const REFRESH_ON_RETURN_MS = 60_000;
let lastRefresh = Date.now();
// An owner may change this user's role or access at any time (issue #4): the server enforces
// it on the next call; refreshing `userData` when the user returns also updates the menu.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'visible' || !readEmail() || Date.now() - lastRefresh < REFRESH_ON_RETURN_MS) return;
  lastRefresh = Date.now();
  void import('./features/auth/session-bootstrap.ts').then(({ bootstrapSession }) => bootstrapSession());
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
