import { OSM_COPYRIGHT_URL } from './streets';

/** The street basemap's credit in the map's corner (the OSM licence asks for it wherever its tiles show). */
export function Attribution({ text }: { text: string }) {
  return (
    <a
      data-testid="map-attribution"
      href={OSM_COPYRIGHT_URL}
      target="_blank"
      rel="noreferrer"
      style={{
        position: 'absolute',
        right: 0,
        bottom: 0,
        zIndex: 5,
        padding: '1px 6px',
        fontSize: 11,
        lineHeight: '16px',
        color: '#333',
        background: 'rgba(255,255,255,0.75)',
        textDecoration: 'none',
      }}
    >
      {text}
    </a>
  );
}
