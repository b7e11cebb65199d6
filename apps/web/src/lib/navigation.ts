/**
 * Navigation for code outside React (the API client's 401 redirect, the start-up session
 * check). The router registers its navigate function at mount (app/navigation-bridge.tsx);
 * before that, or without a router, a full page load is used.
 */
type Navigate = (to: string) => void;

let navigator: Navigate | null = null;

/** Registers (or, with null, removes) the router's navigate function. */
export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

/** Goes to `to` with the router when one is registered, else with `window.location.assign`. */
export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
