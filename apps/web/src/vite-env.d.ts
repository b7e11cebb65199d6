/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the DineDesk API; empty or unset means same origin (the production setup). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
