import { roundFigures } from '../../../src/domain/track';

/**
 * A statistics service whose answer comes with every figure rounded to what it means
 * (src/domain/track/figures.ts): the screens, the API, the public API and the exports all read
 * the services, so no answer carries float noise.
 */
export const withFigures =
  <A extends unknown[], R>(service: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> =>
    roundFigures(await service(...args));
