/**
 * The project's plants on OpenStreetMap, each a circle coloured by its status as the API gives it
 * (the fleet's: online, fault, offline; no marker images needed). Centred on the plants, or on the country's default centre when none has coordinates.
 */
import { useEffect, useRef } from 'react';
import type { CircleMarker as LeafletCircle } from 'leaflet';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { country } from '../../config/country';
import { isolated } from '../../i18n/format';
import type { FleetStatus } from '../../../contract/fleet';

/**
 * OpenStreetMap's tile server, without the old a/b/c subdomains (deprecated by OSM): the one host the
 * Content-Security-Policy allows images from (server/app.ts).
 */
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** `status` null: not read yet. */
export interface MapPlant { id: number; name: string; latitude: number; longitude: number; status: FleetStatus | null }

/** As the fleet's chips: green online, red fault, grey offline; light grey not known yet. */
const COLOR: Record<FleetStatus, string> = { online: '#2e7d32', fault: '#d32f2f', offline: '#616161' };

/**
 * A plant's circle, for the keyboard and screen readers too: a button named by the plant and its
 * status (its tooltip's words), which Enter or Space selects, as a click does. Leaflet draws it as a
 * bare svg path, which no one could reach or name.
 */
function PlantMarker({ plant, selected, color, label, onSelect }: {
  plant: MapPlant; selected: boolean; color: string; label: string; onSelect: (id: number) => void;
}) {
  const marker = useRef<LeafletCircle>(null);
  useEffect(() => {
    const path = marker.current?.getElement();
    if (!path) return undefined;
    path.setAttribute('role', 'button');
    path.setAttribute('tabindex', '0');
    path.setAttribute('aria-label', label);
    path.setAttribute('aria-pressed', String(selected));
    const onKey = (e: Event) => {
      const { key } = e as KeyboardEvent;
      if (key === 'Enter' || key === ' ') { e.preventDefault(); onSelect(plant.id); }
    };
    path.addEventListener('keydown', onKey);
    return () => path.removeEventListener('keydown', onKey);
  }, [label, selected, onSelect, plant.id]);
  return (
    <CircleMarker ref={marker} center={[plant.latitude, plant.longitude]} radius={selected ? 12 : 9}
      pathOptions={{ color, fillColor: color, fillOpacity: 0.7, weight: selected ? 3 : 1 }}
      eventHandlers={{ click: () => onSelect(plant.id) }}>
      <Tooltip>{label}</Tooltip>
    </CircleMarker>
  );
}

export default function PlantsMap({ height, plants, selected, onSelect, statusLabel }: {
  height: number; plants: MapPlant[]; selected: number | null; onSelect: (id: number) => void; statusLabel: (status: FleetStatus | null) => string;
}) {
  const center: [number, number] = plants.length
    ? [plants.reduce((a, p) => a + p.latitude, 0) / plants.length, plants.reduce((a, p) => a + p.longitude, 0) / plants.length]
    : country.mapCenter;
  return (
    // A new key when the plants change re-centres the map (MapContainer reads `center` only once).
    <MapContainer key={plants.map((p) => p.id).join(',')} center={center} zoom={plants.length ? 10 : 6}
      style={{ height, width: '100%', borderRadius: 4 }} scrollWheelZoom={false}>
      <TileLayer attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
        url={TILES} />
      {plants.map((p) => {
        const color = p.status === null ? '#9e9e9e' : COLOR[p.status];
        return (
          <PlantMarker key={p.id} plant={p} selected={p.id === selected} color={color} onSelect={onSelect}
            label={`${isolated(p.name)} · ${statusLabel(p.status)}`} />
        );
      })}
    </MapContainer>
  );
}
