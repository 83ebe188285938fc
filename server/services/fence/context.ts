import { SUBJECT, type EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';

/** What a fence call works with: the database, the bus its changes are told on, the caller. */
export interface FenceContext {
  db: Db;
  bus: EventBus;
  auth: AuthContext;
}

/** Tells every node's alarm engine that fences or allocations changed, so it reloads them. */
export function fencesChanged(ctx: FenceContext) {
  ctx.bus.publish(SUBJECT.fencesChanged, { at: Date.now() });
}
