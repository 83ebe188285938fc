/**
 * Calls `fn` when the user's hand reaches the map in `el` (a press, a touch, the wheel): from
 * then on the view is theirs, and a start or a kept fit must not move it. Captured, because the
 * map's own handlers below may stop these events from bubbling. Returns the remover.
 */
export function onUserHand(el: HTMLElement, fn: () => void): () => void {
  el.addEventListener('pointerdown', fn, true);
  el.addEventListener('mousedown', fn, true);
  el.addEventListener('touchstart', fn, { capture: true, passive: true });
  el.addEventListener('wheel', fn, { capture: true, passive: true });
  return () => {
    el.removeEventListener('pointerdown', fn, true);
    el.removeEventListener('mousedown', fn, true);
    el.removeEventListener('touchstart', fn, true);
    el.removeEventListener('wheel', fn, true);
  };
}
