/**
 * The MSW worker of the browser (stack-notes.md: worker file in `apps/web/public`, put there
 * by the root `postinstall`, served at `${BASE_URL}mockServiceWorker.js`). Demo calls are
 * answered by the handlers; every other request, product API included, is bypassed to the
 * network untouched (spec §7).
 *
 * One trap is avoided here. MSW's worker unregisters itself when its last page unloads, so
 * after a reload or a typed URL the new page is not controlled by it while the old
 * registration may still be listed; `worker.start()` then reloads the page to regain control.
 * Since the mock starts a moment after the product screen has rendered, that reload would
 * throw away whatever the user had begun (a half-written reply). So an uncontrolled page first
 * removes such a leftover registration: MSW then installs the worker afresh, which claims the
 * page without a reload.
 */
import { setupWorker } from 'msw/browser';

/** Absolute URL of the worker script. */
export function workerUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}mockServiceWorker.js`, window.location.origin).href;
}

/** Unregisters mock worker registrations this page is not controlled by. */
export async function removeStaleRegistrations(
  container: Pick<ServiceWorkerContainer, 'controller' | 'getRegistrations'> = navigator.serviceWorker,
): Promise<number> {
  if (container.controller) return 0;
  const url = workerUrl();
  const registrations = await container.getRegistrations();
  const stale = registrations.filter((registration) =>
    [registration.active, registration.waiting, registration.installing].some((worker) => worker?.scriptURL === url),
  );
  await Promise.all(stale.map((registration) => registration.unregister()));
  return stale.length;
}

/** Registers the worker and starts answering demo calls. */
export async function startWorker(): Promise<void> {
  await removeStaleRegistrations();
  // Loaded here, not imported at the top: the list of every area's handler and data chunks then
  // sits in this lazy chunk instead of the first screen's preload list (targets.md "Initial JavaScript").
  const { createDemoHandlers } = await import('./handlers.ts');
  const worker = setupWorker(...createDemoHandlers({ persist: true }));
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: import.meta.env.PROD,
  });
}
