import { keyedMapClass } from './keyedMaps';
import { L7Map, Scene } from './l7';
import { brandMapView } from '../providers/publicConfig';
import { toMapCoords } from './coords';
import { logMapFailure, reasonText } from './log';
import { loadScript } from './scriptLoader';
import { OFFLINE_BACKGROUND } from './basemap/outlineStyle';
import type { MapProvider, MapVariant } from './types';

export const DEFAULT_ZOOM = 10;
const SCRIPT_TIMEOUT_MS = 10_000;
const INIT_TIMEOUT_MS = 15_000;

export interface SceneRequest {
  container: HTMLDivElement;
  provider: MapProvider;
  variant: MapVariant;
  mapKey?: string;
}

export interface CreatedScene {
  scene: Scene;
  /** The provider actually shown: `offline` after a failed keyed provider. */
  provider: MapProvider;
  /** Why the requested provider is not shown, when it is not. */
  failure?: string;
}

type Win = Window & { AMap?: Record<string, new (...a: unknown[]) => unknown>; BMapGL?: unknown; google?: { maps?: { Map?: unknown } }; BMAP_EARTH_MAP?: unknown };
const win = () => window as unknown as Win;

/** Loads the provider's API script (time-limited) and returns the L7 map for it. */
async function keyedMap(provider: 'gaode' | 'baidu' | 'google', variant: MapVariant, key: string) {
  const k = encodeURIComponent(key);
  // The first view is the brand's (config/brands/<id>.json map.center and map.zoom).
  const { center, zoom } = brandMapView();
  const [lng, lat] = toMapCoords(provider, center[0], center[1], variant);
  const view = { center: [lng, lat] as [number, number], zoom, token: key };
  const MapClass = await keyedMapClass(provider);
  if (provider === 'gaode') {
    await loadScript(`https://webapi.amap.com/maps?v=2.0&key=${k}`, () => !!win().AMap?.Map, null, SCRIPT_TIMEOUT_MS);
    const AMap = win().AMap as unknown as { TileLayer: { Satellite: new () => unknown; RoadNet: new () => unknown } };
    const layers = variant === 'satellite' ? [new AMap.TileLayer.Satellite(), new AMap.TileLayer.RoadNet()] : undefined;
    return new MapClass({ ...view, style: 'normal', ...(layers ? { layers } : {}) });
  }
  if (provider === 'baidu') {
    const cb = '__fleetgateBaiduReady';
    await loadScript(`https://api.map.baidu.com/api?type=webgl&v=1.0&ak=${k}&callback=${cb}`, () => !!win().BMapGL, cb, SCRIPT_TIMEOUT_MS);
    return new MapClass(view);
  }
  const cb = '__fleetgateGoogleReady';
  await loadScript(`https://maps.googleapis.com/maps/api/js?key=${k}&callback=${cb}`, () => !!win().google?.maps?.Map, cb, SCRIPT_TIMEOUT_MS);
  return new MapClass({ ...view, mapTypeId: variant === 'satellite' ? 'satellite' : 'roadmap', logoVisible: false });
}

function offlineMap() {
  const { center, zoom } = brandMapView();
  return new L7Map({ center: [center[0], center[1]], zoom, minZoom: 1, maxZoom: 20, pitch: 0 });
}

function waitLoaded(scene: Scene): Promise<void> {
  return new Promise((resolve, reject) => {
    if (scene.loaded) return resolve();
    const timer = setTimeout(() => reject(new Error(`map not ready within ${INIT_TIMEOUT_MS / 1000} s`)), INIT_TIMEOUT_MS);
    scene.once('loaded', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

let software: boolean | undefined;
/**
 * True when WebGL runs on the CPU (SwiftShader, llvmpipe: headless Chromium, machines without a
 * GPU). There every frame is rasterised in software and read back for the page, so multisampling
 * (L7's default) multiplies the cost of each frame; it is switched off there only.
 */
function softwareWebGl(): boolean {
  if (software !== undefined) return software;
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    const renderer = gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    software = /swiftshader|llvmpipe|software/i.test(renderer);
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    software = false;
  }
  return software;
}

function newScene(container: HTMLDivElement, map: ConstructorParameters<typeof Scene>[0]['map']): Scene {
  // logoVisible: the L7 logo is an image on a CDN; the offline map must not leave localhost.
  return new Scene({ id: container, map, logoVisible: false, antialias: !softwareWebGl() });
}

/**
 * Creates the scene for a provider. Keyed providers whose script or initialisation fails (no
 * internet, wrong key) fall back to the offline map; the failure is logged and returned.
 */
export async function createScene({ container, provider, variant, mapKey }: SceneRequest): Promise<CreatedScene> {
  if ((provider === 'gaode' || provider === 'baidu' || provider === 'google') && mapKey) {
    let stage: 'script' | 'init' = 'script';
    let scene: Scene | undefined;
    try {
      const map = await keyedMap(provider, variant, mapKey);
      stage = 'init';
      scene = newScene(container, map);
      await waitLoaded(scene);
      if (provider === 'baidu' && variant === 'satellite') {
        (scene.map as { setMapType(t: unknown): void }).setMapType(win().BMAP_EARTH_MAP);
      }
      return { scene, provider };
    } catch (error) {
      logMapFailure(stage, provider, error);
      scene?.destroy();
      container.replaceChildren();
      const created = await createOffline(container);
      return { ...created, failure: reasonText(error) };
    }
  }
  const created = await createOffline(container);
  if (provider === 'gaode' || provider === 'baidu' || provider === 'google') return { ...created, failure: 'no map key' };
  // Tile providers (yandex, bing, xyz) draw over the offline map; their layer reports failures.
  return { ...created, provider };
}

async function createOffline(container: HTMLDivElement): Promise<CreatedScene> {
  const scene = newScene(container, offlineMap());
  scene.setBgColor(OFFLINE_BACKGROUND);
  await waitLoaded(scene);
  return { scene, provider: 'offline' };
}
