import type { ILayer, Scene } from '../l7';
import { removeLayer } from '../MapContext';

/**
 * Adds a basemap's layers one per task, 16 ms apart: building them in one go is one long
 * main-thread task. `clear` (the effect's cleanup) stops the rest and removes those added.
 */
export class LayersInTurn {
  private readonly added: ILayer[] = [];
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private cleared = false;

  constructor(private readonly scene: Scene) {}

  add(list: readonly ILayer[]): void {
    list.forEach((layer, i) =>
      this.timers.push(
        setTimeout(() => {
          if (this.cleared) return;
          this.added.push(layer);
          this.scene.addLayer(layer);
        }, i * 16),
      ),
    );
  }

  clear(): void {
    this.cleared = true;
    this.timers.forEach(clearTimeout);
    for (const layer of this.added) removeLayer(this.scene, layer);
  }
}
