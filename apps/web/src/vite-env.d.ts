/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the DineDesk API; empty or unset means same origin (the production setup). */
  readonly VITE_API_BASE_URL?: string;
  /** `off` builds the app without the browser demo mock (docs/requirements/calls.md demo calls then
   * reach the server). */
  readonly VITE_DEMO_MOCK?: string;
  /** Tile URL template of the UI showcase's Leaflet map (demo/maps/components/tiles.ts). */
  readonly VITE_MAP_TILE_URL?: string;
  /** The credit (HTML) shown with those tiles. */
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
