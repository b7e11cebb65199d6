/**
 * The MSW worker of the browser (docs/dependencies.md: worker file in `apps/web/public`, put there
 * by the root `postinstall`, served at `${BASE_URL}mockServiceWorker.js`). Demo calls are
 * answered by the handlers; every other request, product API included, is bypassed to the
 * network untouched (docs/requirements/calls.md).
 *
 * One trap is avoided here. MSW's worker unregisters itself when its last page unloads, so
 * after a reload or a typed URL the new page is not controlled by it while the old
 * registration may still be listed; `worker.start()` then reloads the page to regain control.
 * Since the mock starts a moment after the product screen has rendered, that reload would
 * throw away whatever the user had begun (a half-written reply). So an uncontrolled page first
 * removes such a leftover registration: MSW then installs the worker afresh, which claims the
 * page without a reload.
 *
 * A second trap is subtler. When the previous page's goodbye makes the worker unregister itself
 * while the next page is loading, the next page starts uncontrolled and finds no registration
 * listed; MSW's `register()` then revives the unregistered one (Chromium resurrects a
 * registration that is still uninstalling) instead of installing a new worker. Nothing claims
 * the page, yet MSW reports mocking enabled, so the first demo call would go to the product
 * server and get its 404 (seen in the showcase journeys under load). So after starting, the
 * page must be controlled: if no controller arrives, the revived registration is dropped and
 * MSW starts once more, this time with a fresh worker whose activation claims the page.
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

/** How long a freshly activated worker gets to claim the page (ms); claiming takes a few ms. */
const CLAIM_WAIT_MS = 1_500;

/**
 * Resolves `true` once the page is controlled by a service worker, or with whether it is after
 * `timeoutMs` milliseconds.
 */
export function whenControlled(
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'>,
  timeoutMs: number,
): Promise<boolean> {
  if (container.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', onChange);
      resolve(container.controller !== null);
    };
    const onChange = () => {
      if (container.controller) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    container.addEventListener('controllerchange', onChange);
  });
}

/** What {@link ensureControlled} needs of an MSW worker. */
export interface RestartableWorker {
  start(): Promise<Pick<ServiceWorkerRegistration, 'unregister'> | undefined>;
  stop(): void;
}

/**
 * Starts `worker` and makes sure its service worker controls this page (see the second trap
 * above): when no controller comes within {@link CLAIM_WAIT_MS}, the registration MSW revived is
 * unregistered and the worker started once more, which installs a new service worker that
 * claims the page. Returns whether the page ends up controlled.
 */
export async function ensureControlled(
  worker: RestartableWorker,
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'> = navigator.serviceWorker,
  claimWaitMs = CLAIM_WAIT_MS,
): Promise<boolean> {
  const registration = await worker.start();
  if (await whenControlled(container, claimWaitMs)) return true;
  worker.stop();
  await registration?.unregister();
  await worker.start();
  return whenControlled(container, claimWaitMs);
}

/** Registers the worker and starts answering demo calls. */
export async function startWorker(): Promise<void> {
  await removeStaleRegistrations();
  // Loaded here, not imported at the top: the list of every area's handler and data chunks then
  // sits in this lazy chunk instead of the first screen's preload list
  // (docs/requirements/quality-goals.md#web).
  const { createDemoHandlers } = await import('./handlers.ts');
  const worker = setupWorker(...createDemoHandlers({ persist: true }));
  const options = {
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: import.meta.env.PROD,
  } as const;
  const controlled = await ensureControlled({ start: () => worker.start(options), stop: () => worker.stop() });
  // Demo calls then reach the product server and fail with their own errors; say why once.
  if (!controlled) console.warn('The demo mock worker does not control this page; demo areas will have no data.');
}
