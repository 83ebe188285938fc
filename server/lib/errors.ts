import { API_MESSAGE } from '../../src/domain/codes';
import { MESSAGES, type MessageKey } from '../../src/domain/messages';
import { DEMO_REFUSAL } from '../../src/domain/ability';

/**
 * An error the client is meant to see. `key` is a MESSAGES key the UI translates;
 * `message` is the English text (or a spec code such as "9906").
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly key: MessageKey,
    message?: string,
    readonly code: number = httpStatus,
    readonly data: unknown = null,
    /** Values the key's text names ({field, limit}). */
    readonly params?: Record<string, unknown>,
  ) {
    super(message ?? MESSAGES[key]);
  }
}

export const badRequest = (key: MessageKey, data: unknown = null) =>
  new AppError(400, key, undefined, 400, data);
/** A 400 naming the request field at fault, like a schema error (server/lib/schema/errors.ts). */
export const badField = (key: MessageKey, field: string, limit?: number) =>
  new AppError(400, key, undefined, 400, null, limit === undefined ? { field } : { field, limit });
export const notFound = () => new AppError(404, 'notFound');
export const forbidden = () => new AppError(403, 'unauthorized', API_MESSAGE.forbidden);
export const sessionExpired = () => new AppError(401, 'sessionExpired', API_MESSAGE.sessionExpired);
/** The one refusal of every write the demo account tries (src/domain/ability.ts DEMO_REFUSAL). */
export const demoForbidden = () => new AppError(403, DEMO_REFUSAL);
