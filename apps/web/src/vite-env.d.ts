/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the DineDesk API; empty or unset means same origin (the production setup). */
  readonly VITE_API_BASE_URL?: string;
  /** `off` builds the app without the browser demo mock (spec §7 demo calls then reach the server). */
  readonly VITE_DEMO_MOCK?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
