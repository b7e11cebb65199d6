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

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
