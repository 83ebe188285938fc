import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreensLoader } from '../../resources/types';

/** One page per area registry, so every screen of an area shares it (and the test can name it). */
const pages = new WeakMap<ScreensLoader, LazyExoticComponent<ComponentType>>();

/**
 * The generic page of an area's descriptor-driven screens, loaded on demand: the renderer and
 * the area's registry (its entities and views) load together, in parallel, with the first of
 * its screens. Kept in its own module so descriptors can name it without importing React
 * components (and the unit tests of descriptors stay in node).
 */
export function genericPage(load: ScreensLoader): LazyExoticComponent<ComponentType> {
  let page = pages.get(load);
  if (!page) {
    page = lazy(async () => {
      const [{ default: ResourceScreen }, registry] = await Promise.all([import('./ResourceScreen'), load()]);
      return { default: () => createElement(ResourceScreen, { registry }) };
    });
    pages.set(load, page);
  }
  return page;
}
