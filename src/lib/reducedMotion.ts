/**
 * Whether the user asked the system for less motion (an accessibility setting): the app then
 * turns antd's animations off (dialogs, drawers, menus and messages appear at once).
 */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;
