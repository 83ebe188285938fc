import type { DrawnShape } from './geometry';

/**
 * The shape as drawn so far, between the editor (which paints it every frame) and the size
 * readout: a tiny external store, so a pointer move re-renders the readout only, not the map.
 */
export interface LiveShape {
  get(): DrawnShape | null;
  set(shape: DrawnShape | null): void;
  subscribe(listener: () => void): () => void;
}

export function liveShape(): LiveShape {
  let shape: DrawnShape | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => shape,
    set(next) {
      if (next === shape) return;
      shape = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
