import { useEffect, useState } from 'react';
import { Attribution } from '../basemap/Attribution';
import { pickStreets } from '../basemap/pickStreets';
import { OSM_ATTRIBUTION, type StreetBasemapKind, type StreetChoice } from '../basemap/streets';
import { useLiteMap } from './context';
import { OutlinesLayer } from './layers/OutlinesLayer';
import { TilesLayer } from './layers/TilesLayer';

interface Props {
  /** The page's decision (FleetMapProps.basemap): null draws nothing yet, undefined picks by itself. */
  wanted?: StreetBasemapKind | null;
  onShown(kind: StreetBasemapKind): void;
  onFailed(reason: string): void;
}

/**
 * The light map's basemap: OpenStreetMap tiles through our server once one loads, else the
 * bundled outlines (and the page's notice). The light map is not used when the server offers
 * vector tiles (the L7 map draws those); if it is asked anyway it shows the outlines.
 */
export function LiteBasemap({ wanted, onShown, onFailed }: Props) {
  const { view } = useLiteMap();
  const [shown, setShown] = useState<StreetChoice | null>(null);
  useEffect(() => {
    if (wanted === null) return;
    let live = true;
    void pickStreets(view.getCenter(), view.getZoom(), wanted).then(({ choice, failure }) => {
      if (!live) return;
      const drawn: StreetChoice = choice.kind === 'vector' ? { kind: 'outlines' } : choice;
      setShown(drawn);
      onShown(drawn.kind);
      if (failure) onFailed(failure);
    });
    return () => {
      live = false;
    };
    // onShown/onFailed are the page's callbacks; the choice is made once per view and decision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, wanted]);

  if (!shown || shown.kind === 'vector') return null;
  if (shown.kind === 'outlines') return <OutlinesLayer />;
  return (
    <>
      <TilesLayer template={shown.info.tiles} maxZoom={shown.info.maxzoom} />
      <Attribution text={OSM_ATTRIBUTION} />
    </>
  );
}
