/** Pure helpers of the monitor's addresses and offline place search (spec section 3). */

/** Decimals kept in an address cache key: 4 decimals is about 11 m, closer than any geocoder answers. */
export const ADDRESS_KEY_DECIMALS = 4;

/** localStorage key of a cached address ("cached addresses keyed by lat/lng"). */
export function addressCacheKey(lat: number, lng: number, source: string, language: string): string {
  return `addr:${source}:${language}:${lat.toFixed(ADDRESS_KEY_DECIMALS)},${lng.toFixed(ADDRESS_KEY_DECIMALS)}`;
}

/** One place of the offline search list: a name (and an optional romanised alias) with its centre. */
export interface Place {
  name: string;
  alias?: string;
  /** Name of the province the place is in; empty for a province itself. */
  parent: string;
  lng: number;
  lat: number;
}

/**
 * Offline forward search: names starting with the query rank first, then names containing
 * it; shorter names before longer ones. Case-insensitive; spaces and underscores are ignored
 * in romanised aliases ("guang dong" finds 广东 / guang_dong).
 */
export function searchPlaces(places: readonly Place[], query: string, limit = 10): Place[] {
  const q = normalise(query);
  if (!q) return [];
  const scored: { p: Place; score: number }[] = [];
  for (const p of places) {
    const names = [normalise(p.name), p.alias ? normalise(p.alias) : ''];
    let score = Infinity;
    for (const n of names) {
      if (!n) continue;
      if (n.startsWith(q)) score = Math.min(score, n.length);
      else if (n.includes(q)) score = Math.min(score, 1000 + n.length);
    }
    if (score !== Infinity) scored.push({ p, score });
  }
  scored.sort((a, b) => a.score - b.score || a.p.name.localeCompare(b.p.name));
  return scored.slice(0, limit).map((s) => s.p);
}

const normalise = (s: string) => s.toLowerCase().replace(/[\s_]+/g, '');

/** A named centre of the china-geojson outlines (`properties.name` and `properties.cp`). */
export interface NamedCentre {
  name: string;
  cp: [number, number];
}

/**
 * The offline search list: provinces (from the country file) and their cities (from each
 * province file). Province files are named in pinyin ("guang_dong_geo.json"); the province a
 * file describes is the one whose centre lies nearest the mean of the file's city centres, which
 * gives every province a romanised alias without a hand-written table.
 */
export function buildPlaces(
  provinces: readonly NamedCentre[],
  files: readonly { alias: string; cities: readonly NamedCentre[] }[],
): Place[] {
  const places: Place[] = [];
  const aliasOf = new Map<string, string>();
  for (const f of files) {
    if (f.cities.length === 0 || provinces.length === 0) continue;
    const lng = f.cities.reduce((s, c) => s + c.cp[0], 0) / f.cities.length;
    const lat = f.cities.reduce((s, c) => s + c.cp[1], 0) / f.cities.length;
    let best = provinces[0];
    let bestD = Infinity;
    for (const p of provinces) {
      const d = (p.cp[0] - lng) ** 2 + (p.cp[1] - lat) ** 2;
      if (d < bestD) [best, bestD] = [p, d];
    }
    aliasOf.set(best.name, f.alias);
    for (const c of f.cities) places.push({ name: c.name, parent: best.name, lng: c.cp[0], lat: c.cp[1] });
  }
  for (const p of provinces) {
    places.push({ name: p.name, alias: aliasOf.get(p.name), parent: '', lng: p.cp[0], lat: p.cp[1] });
  }
  return places;
}

/**
 * The offline address of a position from the outlines' places: the nearest city (or district)
 * centre with its province, "广东 深圳市". Provinces themselves are not candidates. Null when
 * there are no cities.
 */
export function nearestPlaceName(places: readonly Place[], lat: number, lng: number): string | null {
  let best: Place | null = null;
  let bestD = Infinity;
  const k = Math.cos((lat * Math.PI) / 180) ** 2; // a degree of longitude is shorter away from the equator
  for (const p of places) {
    if (!p.parent) continue;
    const d = (p.lat - lat) ** 2 + k * (p.lng - lng) ** 2;
    if (d < bestD) [best, bestD] = [p, d];
  }
  return best ? `${best.parent} ${best.name}` : null;
}
