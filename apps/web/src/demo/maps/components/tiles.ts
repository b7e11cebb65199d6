/**
 * Where the map's tiles come from and whether they can be had ("maps take a tile
 * URL from the environment; offline, the map shows a clear notice and still shows markers on
 * a blank base").
 *
 * - `VITE_MAP_TILE_URL` (build time): a Leaflet tile URL template; default OpenStreetMap's
 *   `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. `VITE_MAP_TILE_ATTRIBUTION` (HTML) goes
 *   with it; default OpenStreetMap's credit. The server's CSP lets images load only from the
 *   hosts it lists (`CSP_IMG_SOURCES`, default OpenStreetMap's tile server), so another tile
 *   server is listed there too (or served from the app's own origin).
 * - Before the tile layer is drawn, one tile is fetched as an image ({@link probeTiles}): no
 *   network (`navigator.onLine` false) or a failed probe means "offline", and the map keeps its
 *   plain base instead of a grid of broken tiles (and a console error per tile). An image, not
 *   `fetch`: the CSP's `connect-src` is the app's own origin only.
 */
import { Util } from 'leaflet';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** A build-time variable, if set to a non-empty string. */
function envText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export interface TileSource {
  url: string;
  attribution: string;
}

/** The tile source of this build. */
export function tileSource(): TileSource {
  const url: unknown = import.meta.env.VITE_MAP_TILE_URL;
  const attribution: unknown = import.meta.env.VITE_MAP_TILE_ATTRIBUTION;
  return { url: envText(url) ?? DEFAULT_TILE_URL, attribution: envText(attribution) ?? DEFAULT_TILE_ATTRIBUTION };
}

/** The URL of the world tile (z 0) of `template`, or null when it needs values we lack (an API key…). */
export function probeUrl(template: string): string | null {
  try {
    return Util.template(template, { s: 'a', z: 0, x: 0, y: 0, r: '' });
  } catch {
    return null;
  }
}

/**
 * Whether tiles of `template` load: false at once without a network, else the outcome of one
 * tile fetched as an image (true when the template cannot be probed: the layer's own
 * `tileerror` still catches a failure then).
 */
export function probeTiles(template: string, timeoutMs = 8000): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve(false);
  const url = probeUrl(template);
  if (!url) return Promise.resolve(true);
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(ok: boolean) {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(ok);
    }
    image.onload = () => finish(true);
    image.onerror = () => finish(false);
    image.src = url;
  });
}
