/**
 * `/maps/leaflet`, "Leaflet maps" ("maps: Leaflet; tiles from a configurable URL,
 * with a clear offline fallback"): the sample outlets of Hyderabad and London on a
 * react-leaflet map, with a list beside it that flies to an outlet and opens its popup.
 *
 * - Tiles come from `VITE_MAP_TILE_URL` (default OpenStreetMap; components/tiles.ts). One
 *   tile is probed first; without a network, or when tiles fail, the tile layer is left out,
 *   an alert says so plainly, and the markers stay on a plain base drawn from the theme (a
 *   faint grid), not a box of broken grey tiles. "Try again", or the browser coming back
 *   online, probes again.
 * - Markers are `L.divIcon`s styled from the theme (Leaflet's default marker images break
 *   under bundlers), keyboard-reachable (Tab, Enter opens the popup, Esc closes it).
 * - Leaflet's stylesheet is imported here, so it ships in this section's chunk only.
 * - Flights are instant for those who asked for reduced motion.
 */
import 'leaflet/dist/leaflet.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { divIcon, latLng, latLngBounds, type Map as LeafletMap, type Marker as LeafletMarker } from 'leaflet';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { probeTiles, tileSource } from '../components/tiles.ts';
import { CITIES, OUTLETS, outletsIn, type City, type Outlet } from '../outlets.ts';

/** The map's first view: the Hyderabad outlets. */
const START_CENTER: [number, number] = [17.435, 78.39];
const START_ZOOM = 12;
/** Zoom of the view on one outlet. */
const OUTLET_ZOOM = 15;

type TileState = 'checking' | 'online' | 'offline';

/** A pin per city, drawn by CSS (the styles live on the map's frame, from the theme). */
const PIN_ICONS: Readonly<Record<City, ReturnType<typeof divIcon>>> = {
  hyderabad: divIcon({ className: 'dinedesk-pin dinedesk-pin-hyderabad', html: '<span></span>', iconSize: [28, 28], iconAnchor: [14, 28], popupAnchor: [0, -28] }),
  london: divIcon({ className: 'dinedesk-pin dinedesk-pin-london', html: '<span></span>', iconSize: [28, 28], iconAnchor: [14, 28], popupAnchor: [0, -28] }),
};

/** Whether the tiles of `url` can be had, probed again on each `attempt`. */
function useTileState(url: string, attempt: number): TileState {
  const [result, setResult] = useState<{ attempt: number; ok: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void probeTiles(url).then((ok) => {
      if (live) setResult({ attempt, ok });
    });
    return () => {
      live = false;
    };
  }, [url, attempt]);
  if (!result || result.attempt !== attempt) return 'checking';
  return result.ok ? 'online' : 'offline';
}

function OutletPopup({ outlet }: { outlet: Outlet }) {
  const { t, i18n } = useTranslation('demo-maps');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const rating = new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : language, { minimumFractionDigits: 1 }).format(outlet.rating);
  return (
    <Box data-testid={`outlet-popup-${outlet.id}`} sx={{ minWidth: 180 }}>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>{outlet.name}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>{outlet.address}</Typography>
      <Typography variant="body2">
        {t('popup.seats', { count: outlet.seats })} · {t('popup.rating', { rating })}
      </Typography>
    </Box>
  );
}

/** The Leaflet maps page (see the module comment). */
export function LeafletMapsPage() {
  const { t } = useTranslation(['demo', 'demo-maps']);
  const title = t('demo:pages.leafletMaps');
  useDocumentTitle(title);
  const theme = useTheme();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const source = useMemo(() => tileSource(), []);
  const [attempt, setAttempt] = useState(0);
  const probed = useTileState(source.url, attempt);
  // Set when tiles failed after a good probe (the layer's own `tileerror`), per attempt.
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const tiles: TileState = failedAttempt === attempt ? 'offline' : probed;
  const tileLoaded = useRef(false);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const markers = useRef(new Map<string, LeafletMarker>());
  const [selected, setSelected] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);

  // The browser coming back online: probe again.
  useEffect(() => {
    const retry = () => setAttempt((current) => current + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  // Leaflet measures its box once; tell it when the box changes (menu collapsed, window resized).
  useEffect(() => {
    const element = frame.current;
    if (!map || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(element);
    return () => observer.disconnect();
  }, [map]);

  function retry() {
    tileLoaded.current = false;
    setAttempt((current) => current + 1);
  }

  function showOutlet(outlet: Outlet) {
    setSelected(outlet.id);
    const marker = markers.current.get(outlet.id);
    if (!map || !marker) return;
    const target = latLng(outlet.position);
    if (map.getZoom() === OUTLET_ZOOM && map.getCenter().distanceTo(target) < 5) {
      marker.openPopup();
      return;
    }
    map.closePopup();
    map.once('moveend', () => marker.openPopup());
    if (reduceMotion) map.setView(target, OUTLET_ZOOM, { animate: false });
    else map.flyTo(target, OUTLET_ZOOM, { duration: 1.2 });
  }

  function showCity(city: City) {
    setSelected(null);
    if (!map) return;
    map.closePopup();
    const bounds = latLngBounds(outletsIn(city).map((outlet) => outlet.position));
    if (reduceMotion) map.fitBounds(bounds, { padding: [48, 48], animate: false });
    else map.flyToBounds(bounds, { padding: [48, 48], duration: 1.2 });
  }

  const dark = theme.palette.mode === 'dark';
  const base = dark ? theme.palette.grey[900] : theme.palette.grey[100];
  const gridLine = theme.palette.divider;

  return (
    <Box data-testid="leaflet-maps" sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <div>
        <Typography component="h1" variant="h4">{title}</Typography>
        <Typography color="text.secondary">{t('demo-maps:intro')}</Typography>
      </div>
      {tiles === 'offline' && (
        <Alert
          severity="warning"
          data-testid="map-offline-notice"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t('demo-maps:offline.retry')}
            </Button>
          }
        >
          {t('demo-maps:offline.notice')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' } }}>
        <Card sx={{ alignSelf: 'start' }}>
          <List aria-label={t('demo-maps:listLabel')} data-testid="outlet-list" dense disablePadding>
            {CITIES.map((city) => (
              <Fragment key={city}>
                <ListSubheader sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <span>{t(`demo-maps:cities.${city}`)}</span>
                  <Button size="small" onClick={() => showCity(city)} data-testid={`show-city-${city}`}>
                    {t('demo-maps:showCity')}
                  </Button>
                </ListSubheader>
                {outletsIn(city).map((outlet) => (
                  <ListItemButton key={outlet.id} selected={selected === outlet.id} onClick={() => showOutlet(outlet)} data-testid={`outlet-item-${outlet.id}`}>
                    <ListItemText primary={outlet.name} secondary={outlet.address} />
                  </ListItemButton>
                ))}
              </Fragment>
            ))}
          </List>
        </Card>
        <Card
          ref={frame}
          role="region"
          aria-label={t('demo-maps:mapLabel')}
          data-testid="outlet-map"
          data-tiles={tiles}
          sx={{
            height: { xs: 420, md: 560 },
            '& .leaflet-container': {
              height: '100%',
              fontFamily: theme.typography.fontFamily,
              backgroundColor: base,
              // Without tiles, a faint grid says "map" rather than "broken".
              backgroundImage: tiles === 'online' ? 'none' : `linear-gradient(${gridLine} 1px, transparent 1px), linear-gradient(90deg, ${gridLine} 1px, transparent 1px)`,
              backgroundSize: '48px 48px',
            },
            '& .leaflet-popup-content-wrapper, & .leaflet-popup-tip': { backgroundColor: 'background.paper', color: 'text.primary', boxShadow: theme.shadows[6] },
            '& .leaflet-container a.leaflet-popup-close-button': { color: 'text.secondary' },
            '& .leaflet-bar a': { backgroundColor: 'background.paper', color: 'text.primary', borderColor: 'divider' },
            '& .leaflet-bar a:hover, & .leaflet-bar a:focus-visible': { backgroundColor: 'action.hover' },
            '& .leaflet-control-attribution': { backgroundColor: alphaPaper(theme.palette.background.paper), color: 'text.secondary' },
            '& .leaflet-control-attribution a': { color: 'primary.main' },
            '& .leaflet-container :focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            '& .dinedesk-pin span': {
              display: 'block',
              width: 24,
              height: 24,
              margin: '2px',
              borderRadius: '50% 50% 50% 0',
              transform: 'rotate(-45deg)',
              border: `2px solid ${theme.palette.background.paper}`,
              boxShadow: theme.shadows[3],
            },
            '& .dinedesk-pin-hyderabad span': { backgroundColor: theme.palette.primary.main },
            '& .dinedesk-pin-london span': { backgroundColor: theme.palette.warning.main },
          }}
        >
          <MapContainer ref={setMap} center={START_CENTER} zoom={START_ZOOM} scrollWheelZoom={false} style={{ height: '100%' }}>
            {tiles === 'online' && (
              <TileLayer
                url={source.url}
                attribution={source.attribution}
                eventHandlers={{
                  tileload: () => {
                    tileLoaded.current = true;
                  },
                  tileerror: () => {
                    if (!tileLoaded.current) setFailedAttempt(attempt);
                  },
                }}
              />
            )}
            {OUTLETS.map((outlet) => (
              <Marker
                key={outlet.id}
                position={outlet.position}
                icon={PIN_ICONS[outlet.city]}
                title={outlet.name}
                ref={(marker: LeafletMarker | null) => {
                  if (marker) markers.current.set(outlet.id, marker);
                  else markers.current.delete(outlet.id);
                }}
                eventHandlers={{ click: () => setSelected(outlet.id) }}
              >
                <Popup>
                  <OutletPopup outlet={outlet} />
                </Popup>
              </Marker>
            ))}
          </MapContainer>
        </Card>
      </Box>
    </Box>
  );
}

/** The paper colour, slightly see-through (the attribution over the map). */
function alphaPaper(color: string): string {
  return `color-mix(in srgb, ${color} 85%, transparent)`;
}
