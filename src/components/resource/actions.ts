/**
 * Pure parts of row, batch and toolbar actions: which accounts a form may not offer, the request
 * body and the path. No React here, so the unit tests run them in node.
 */
import type { EntityAction, EntityField } from '../../resources/types';

/**
 * Accounts an action's account fields must not offer: the owner shared by every target (a
 * transfer to the devices' current owner). Only when every target's row is known.
 */
export function ownersToExclude(
  ownerField: string | undefined,
  targets: readonly string[],
  rows: readonly Record<string, unknown>[],
): number[] | undefined {
  if (!ownerField || targets.length === 0 || rows.length !== targets.length) return undefined;
  const owners = new Set(rows.map((r) => Number(r[ownerField])));
  return owners.size === 1 ? [...owners] : undefined;
}

/**
 * The request of an action: the list's filters when it acts on "all matching", its fixed
 * params, the form's values, the row's id (row actions) or the selected keys (targetsParam),
 * then reshaped by the action's `request`.
 */
export function actionBody(
  action: EntityAction,
  form: Record<string, unknown>,
  ctx: { row?: Record<string, unknown>; targets?: readonly unknown[]; filters?: Record<string, unknown> },
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...(action.withFilters ? ctx.filters : {}),
    ...action.params,
    ...form,
  };
  if (action.idParam && ctx.row) body[action.idParam.param] = ctx.row[action.idParam.from];
  if (action.targetsParam) body[action.targetsParam] = [...(ctx.targets ?? [])];
  return action.request ? action.request(body) : body;
}

/** The path an action posts to: `{field}` in the endpoint is the row's field. */
export const actionPath = (action: EntityAction, row?: Record<string, unknown>) =>
  action.endpoint.replace(/\{(\w+)\}/g, (_, f: string) => encodeURIComponent(String(row?.[f] ?? '')));

/**
 * The request of an action with a file field: the file (under the field's request name) is the
 * raw body, every other value a query parameter; the file's name goes in `fileNameParam`.
 */
export function fileRequest(
  name: string,
  field: EntityField,
  body: Record<string, unknown>,
): { file: Blob; query: Record<string, unknown> } {
  const key = field.param ?? name;
  const { [key]: file, ...query } = body;
  if (field.fileNameParam && query[field.fileNameParam] === undefined && file instanceof File)
    query[field.fileNameParam] = file.name.slice(0, field.maxLength ?? file.name.length);
  return { file: file as Blob, query };
}
