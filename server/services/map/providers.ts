import gcoord from 'gcoord';
import { languageTag } from '../../../src/domain/language';
import type { Geocoder } from './settings';

/**
 * Per-provider web-service calls, as pure request builders and answer normalisers. Every
 * answer is normalised to the Baidu shape the client reads (spec section 7): suggestions as
 * `{status: 0, result: [{name, address, location: {lat, lng}}]}` and addresses as
 * `{status: 0, result: {formatted_address, sematic_description}}`. Positions come in as WGS-84
 * (what trackers report); AMap wants GCJ-02, Baidu takes WGS-84 with `coordtype=wgs84ll`.
 */

export type CoordType = 'wgs84' | 'gcj02' | 'bd09';

export interface Suggestion {
  name: string;
  address: string;
  location: { lat: number; lng: number };
}
export interface Address {
  formatted_address: string;
  sematic_description: string;
}

/** A provider that answered but refused (bad key, quota, bad parameters). */
export class ProviderError extends Error {
  constructor(
    readonly provider: Geocoder,
    readonly status: string,
    message: string,
  ) {
    super(`${provider} answered ${status}: ${message}`);
  }
}

export const DEFAULT_BASES: Record<Geocoder, string> = {
  Baidu: 'https://api.map.baidu.com',
  GaoDe: 'https://restapi.amap.com',
  Google: 'https://maps.googleapis.com',
};

/** The datum each provider's coordinates are in. */
const DATUM: Record<Geocoder, CoordType> = { Baidu: 'bd09', GaoDe: 'gcj02', Google: 'wgs84' };
const CRS = { wgs84: gcoord.WGS84, gcj02: gcoord.GCJ02, bd09: gcoord.BD09 } as const;

export function convert(lat: number, lng: number, from: CoordType, to: CoordType) {
  if (from === to) return { lat, lng };
  const [x, y] = gcoord.transform([lng, lat], CRS[from], CRS[to]) as [number, number];
  return { lat: Number(y.toFixed(6)), lng: Number(x.toFixed(6)) };
}

/**
 * The provider's `language` for one of ours: the client sends its UI language (`cn`), which no
 * provider knows; Baidu and Google take BCP 47 tags (zh-CN, fr, en-IN), and answered English
 * for `cn`. AMap's answers are Chinese and take no language.
 */
const lang = (language: string | undefined) => (language ? languageTag(language) : undefined);

const url = (base: string, path: string, q: Record<string, string | undefined>) => {
  const u = new URL(path, base.endsWith('/') ? base : base + '/');
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') u.searchParams.set(k, v);
  return u.toString();
};

export interface SuggestionQuery {
  query: string;
  region?: string;
  language?: string;
}

export function suggestionUrl(p: Geocoder, base: string, key: string, q: SuggestionQuery): string {
  switch (p) {
    case 'Baidu':
      return url(base, 'place/v2/suggestion', {
        query: q.query,
        region: q.region || '全国',
        city_limit: 'false',
        output: 'json',
        ak: key,
      });
    case 'GaoDe':
      return url(base, 'v3/assistant/inputtips', { keywords: q.query, city: q.region, output: 'JSON', key });
    case 'Google':
      return url(base, 'maps/api/geocode/json', {
        address: q.query,
        region: q.region,
        language: lang(q.language),
        key,
      });
  }
}

export function reverseUrl(
  p: Geocoder,
  base: string,
  key: string,
  lat: number,
  lng: number,
  language?: string,
) {
  switch (p) {
    case 'Baidu':
      return url(base, 'reverse_geocoding/v3/', {
        location: `${lat},${lng}`,
        coordtype: 'wgs84ll',
        extensions_poi: '1',
        output: 'json',
        language: lang(language),
        ak: key,
      });
    case 'GaoDe': {
      const g = convert(lat, lng, 'wgs84', 'gcj02');
      return url(base, 'v3/geocode/regeo', {
        location: `${g.lng},${g.lat}`,
        extensions: 'all',
        output: 'JSON',
        key,
      });
    }
    case 'Google':
      return url(base, 'maps/api/geocode/json', { latlng: `${lat},${lng}`, language: lang(language), key });
  }
}

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? v.join('') : '');

function check(p: Geocoder, body: Json) {
  const ok =
    p === 'Baidu'
      ? body.status === 0
      : p === 'GaoDe'
        ? body.status === '1'
        : ['OK', 'ZERO_RESULTS'].includes(body.status as string);
  if (!ok)
    throw new ProviderError(p, String(body.status), text(body.message ?? body.info ?? body.error_message));
}

/** Suggestions in the caller's datum (`to`). */
export function parseSuggestions(p: Geocoder, body: Json, to: CoordType): Suggestion[] {
  check(p, body);
  const out: Suggestion[] = [];
  const add = (name: string, address: string, lat: number, lng: number) => {
    if (Number.isFinite(lat) && Number.isFinite(lng))
      out.push({ name, address, location: convert(lat, lng, DATUM[p], to) });
  };
  if (p === 'Baidu') {
    for (const r of (body.result ?? []) as Json[]) {
      const loc = (r.location ?? {}) as { lat?: number; lng?: number };
      const addr = text(r.address) || [r.city, r.district].map(text).join('');
      add(text(r.name), addr, Number(loc.lat), Number(loc.lng));
    }
  } else if (p === 'GaoDe') {
    for (const r of (body.tips ?? []) as Json[]) {
      const [lng, lat] = text(r.location).split(',').map(Number);
      add(text(r.name), text(r.address), lat, lng);
    }
  } else {
    for (const r of (body.results ?? []) as Json[]) {
      const loc = ((r.geometry as Json | undefined)?.location ?? {}) as { lat?: number; lng?: number };
      const name = text(r.formatted_address).split(',')[0];
      add(name, text(r.formatted_address), Number(loc.lat), Number(loc.lng));
    }
  }
  return out;
}

export function parseAddress(p: Geocoder, body: Json): Address {
  check(p, body);
  if (p === 'Baidu') {
    const r = (body.result ?? {}) as Json;
    return { formatted_address: text(r.formatted_address), sematic_description: text(r.sematic_description) };
  }
  if (p === 'GaoDe') {
    const r = (body.regeocode ?? {}) as Json;
    // AMap has no semantic description: the nearest point of interest says the same thing.
    const poi = ((r.pois ?? []) as Json[])[0];
    const near = poi
      ? `${text(poi.name)} ${text(poi.direction)} ${Math.round(Number(poi.distance) || 0)} m`
      : '';
    return { formatted_address: text(r.formatted_address), sematic_description: near.trim() };
  }
  const first = ((body.results ?? []) as Json[])[0];
  return { formatted_address: text(first?.formatted_address), sematic_description: '' };
}
