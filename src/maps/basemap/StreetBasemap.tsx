import { useEffect, useState } from 'react';
import { useMap } from '../MapContext';
import { Attribution } from './Attribution';
import { OfflineBasemap } from './OfflineBasemap';
import { OsmTiles } from './OsmTiles';
import { pickStreets } from './pickStreets';
import { attributionText, OSM_ATTRIBUTION, type StreetBasemapKind, type StreetChoice } from './streets';
import { VectorBasemap } from './VectorBasemap';

interface Props {
  /** The page's decision (FleetMapProps.basemap): null draws nothing yet, undefined picks by itself. */
  wanted?: StreetBasemapKind | null;
  onShown(kind: StreetBasemapKind): void;
  /** The OSM tiles do not load: the outlines are shown instead, and the page says so. */
  onFailed(reason: string): void;
}

/**
 * The basemap of a map without a key on the L7 map: vector tiles, OSM tiles or the outlines
 * (pickStreets). Nothing is drawn until the choice is made, so the outlines' data is only
 * loaded when they are shown.
 */
export function StreetBasemap({ wanted, onShown, onFailed }: Props) {
  const { scene, fromMap } = useMap();
  const [shown, setShown] = useState<StreetChoice | null>(null);
  useEffect(() => {
    if (wanted === null) return;
    let live = true;
    const { lng, lat } = scene.getCenter();
    void pickStreets(fromMap(lng, lat), scene.getZoom(), wanted).then(({ choice, failure }) => {
      if (!live) return;
      setShown(choice);
      onShown(choice.kind);
      if (failure) onFailed(failure);
    });
    return () => {
      live = false;
    };
    // onShown/onFailed are the page's callbacks; the choice is made once per scene and decision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scene, wanted]);

  if (!shown) return null;
  if (shown.kind === 'outlines') return <OfflineBasemap />;
  const credit =
    shown.kind === 'osm' ? OSM_ATTRIBUTION : attributionText(shown.info.attribution) || OSM_ATTRIBUTION;
  return (
    <>
      {shown.kind === 'vector' ? <VectorBasemap info={shown.info} /> : <OsmTiles info={shown.info} />}
      <Attribution text={credit} />
    </>
  );
}
