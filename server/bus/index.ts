import { createMemoryBus } from './memory';
import { createNatsBus } from './nats';
import type { EventBus } from './types';

export * from './types';

/** NATS when a URL is given, the in-process bus otherwise. */
export function createBus(natsUrl?: string, name?: string): Promise<EventBus> {
  return natsUrl ? createNatsBus(natsUrl, name) : Promise.resolve(createMemoryBus());
}
