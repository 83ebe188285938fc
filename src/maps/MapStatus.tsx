import type { ReactNode } from 'react';
import { MapTypeSelect } from '../pages/monitor/MapTypeSelect';
import type { MapSetup } from '../pages/monitor/useMapSetup';
import { MapNotice } from './MapNotice';

const CORNER = { position: 'absolute', top: 8, right: 8, zIndex: 10 } as const;

/**
 * A map with what the user is told about it (issue 32), as on the monitor and track playback:
 * the provider box at the upper right, naming what is drawn and offering only what can be drawn
 * (src/maps/drawn.ts), and the notice when streets are missing. For the fence, area and bus
 * route maps; the shape editors' frame places the box in its own bar (draw/EditorFrame.tsx).
 */
export function MapStatus({ setup, children }: { setup: MapSetup; children: ReactNode }) {
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%' }}>
      {children}
      <MapTypeSelect drawn={setup.drawn} onChange={setup.setMapType} style={CORNER} />
      <MapNotice drawn={setup.drawn} />
    </div>
  );
}
