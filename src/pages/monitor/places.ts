/**
 * Offline place search. offline-geocode-city only answers "which city is here", not "where is
 * this city", so the search list comes from china-geojson, which the project already ships
 * for the outlines: every province and prefecture city (34 + ~370 names) with the centre point
 * (`cp`) of its outline. Loaded on the first search only; all of it is served by our own
 * server.
 */
import {
  buildPlaces,
  nearestPlaceName,
  searchPlaces,
  type NamedCentre,
  type Place,
} from '../../domain/geocode';

type GeoFile = { features: { properties: { name?: string; cp?: [number, number] } }[] };

const files = import.meta.glob<GeoFile>('../../../node_modules/china-geojson/src/geojson/*.json', {
  import: 'default',
});

const centres = (f: GeoFile): NamedCentre[] =>
  f.features.flatMap((x) =>
    x.properties.name && Array.isArray(x.properties.cp)
      ? [{ name: x.properties.name, cp: x.properties.cp }]
      : [],
  );

let loading: Promise<Place[]> | null = null;

function loadPlaces(): Promise<Place[]> {
  loading ??= (async () => {
    const entries = await Promise.all(
      Object.entries(files).map(async ([path, load]) => [path.split('/').pop() ?? '', await load()] as const),
    );
    const country = entries.find(([name]) => name === 'china.json');
    const provinceFiles = entries
      .filter(([name]) => name !== 'china.json')
      .map(([name, f]) => ({
        alias: name.replace(/_geo\.json$/, '').replace(/_/g, ' '),
        cities: centres(f),
      }));
    return buildPlaces(country ? centres(country[1]) : [], provinceFiles);
  })();
  loading.catch(() => (loading = null));
  return loading;
}

export async function searchOfflinePlaces(query: string, limit = 10): Promise<Place[]> {
  return searchPlaces(await loadPlaces(), query, limit);
}

/** The Chinese offline address of a position in China: its nearest city and province. */
export async function offlineChineseName(lat: number, lng: number): Promise<string | null> {
  return nearestPlaceName(await loadPlaces(), lat, lng);
}
