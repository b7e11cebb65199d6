/**
 * The maps section ("maps: tiles from a configurable URL, with a clear offline
 * fallback"):
 * - without a network the page says so plainly, draws no tiles and still shows every outlet's
 *   marker; a marker opens its popup;
 * - a failed tile probe does the same, and "Try again" brings the tiles back once they load;
 * - the tile URL defaults to OpenStreetMap's; unknown paths land on the page.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import { DEFAULT_TILE_URL, probeUrl, tileSource } from './components/tiles.ts';
import MapsApp from './maps-app.tsx';
import { OUTLETS } from './outlets.ts';

beforeAll(() => i18n.loadNamespaces(['demo', 'demo-maps']));

const NOTICE = 'Map tiles could not be loaded; showing outlets on a blank base.';

/** An `Image` whose loads all succeed or all fail, a tick after `src` is set. */
function stubImages(ok: boolean): string[] {
  const requested: string[] = [];
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(url: string) {
      requested.push(url);
      setTimeout(() => (ok ? this.onload?.() : this.onerror?.()), 0);
    }
  }
  vi.stubGlobal('Image', FakeImage);
  return requested;
}

describe('Leaflet maps (/maps/leaflet)', () => {
  it('offline: says so, draws no tiles, keeps the markers, and a marker opens its popup', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<MapsApp />, { path: '/maps/leaflet' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaflet Maps' })).toBeInTheDocument();
    expect(document.title).toBe('Leaflet Maps · DineDesk');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
    const map = screen.getByTestId('outlet-map');
    expect(map).toHaveAttribute('data-tiles', 'offline');
    expect(map.querySelector('.leaflet-tile-pane img')).toBeNull();
    for (const outlet of OUTLETS) expect(screen.getByRole('button', { name: outlet.name })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'DineDesk Soho' }));
    expect(await screen.findByTestId('outlet-popup-soho')).toHaveTextContent('22 Dean Street, London W1D 3RY');
    expect(screen.getByTestId('outlet-popup-soho')).toHaveTextContent('64 seats · rated 4.7 / 5');
  });

  it('probes one tile; a failure shows the notice, and "Try again" brings the tiles back', async () => {
    const user = userEvent.setup();
    const requested = stubImages(false);
    renderWithProviders(<MapsApp />, { path: '/maps/leaflet' });
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
    expect(requested).toEqual(['https://tile.openstreetmap.org/0/0/0.png']);

    stubImages(true);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('outlet-map')).toHaveAttribute('data-tiles', 'online'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('outlet-map').querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull();
  });

  it('lists the outlets by city; picking one selects it', async () => {
    const user = userEvent.setup();
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<MapsApp />, { path: '/maps/leaflet' });
    const item = await screen.findByTestId('outlet-item-camden');
    expect(screen.getByText('Hyderabad')).toBeInTheDocument();
    expect(screen.getByText('London')).toBeInTheDocument();
    await user.click(item);
    expect(item).toHaveClass('Mui-selected');
  });

  it('takes OpenStreetMap tiles unless VITE_MAP_TILE_URL says otherwise', () => {
    expect(tileSource().url).toBe(DEFAULT_TILE_URL);
    expect(tileSource().attribution).toContain('OpenStreetMap');
    expect(probeUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png')).toBe('https://a.tiles.example/0/0/0.png');
    expect(probeUrl('https://tiles.example/{z}/{x}/{y}.png?key={apiKey}')).toBeNull();
  });

  it('sends an unknown path of the section to the page', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { location } = renderWithProviders(<MapsApp />, { path: '/maps/google' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaflet Maps' })).toBeInTheDocument();
    expect(urlOf(location)).toBe('/maps/leaflet');
  });
});
