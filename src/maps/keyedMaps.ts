import type { L7Map } from './l7';

type MapClass = typeof L7Map;

/**
 * L7's map classes of the keyed providers (GaoDe, Baidu, Google), each loaded when its provider
 * is shown: the offline map, the default, does not carry them (page weight, issue 18).
 */
export async function keyedMapClass(provider: 'gaode' | 'baidu' | 'google'): Promise<MapClass> {
  if (provider === 'gaode') return (await import('@antv/l7-maps/gaode')).GaodeMap as unknown as MapClass;
  if (provider === 'baidu') return (await import('@antv/l7-maps/baidu')).BaiduMap as unknown as MapClass;
  return (await import('@antv/l7-maps/google')).GoogleMap as unknown as MapClass;
}
