import { AppError } from './errors';

export interface ItemResult<K> {
  item: K;
  success: boolean;
  key?: string;
  message?: string;
}

/**
 * Runs `fn` for each item on its own: a refused item is reported and the others go on.
 * Errors that are not the client's fault still abort the batch.
 */
export async function eachIndependently<K>(items: readonly K[], fn: (item: K) => Promise<unknown>) {
  const results: ItemResult<K>[] = [];
  for (const item of items) {
    try {
      await fn(item);
      results.push({ item, success: true });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ item, success: false, key: e.key, message: e.message });
    }
  }
  return results;
}
