import { lazy } from 'react';

/**
 * The generic screen, loaded on demand: it finds its descriptor by the route path and draws the
 * descriptor's view. Kept in its own module so descriptors can name it without importing React
 * components (and the unit tests of descriptors stay in node).
 */
export const ResourceScreen = lazy(() => import('./ResourceScreen'));
