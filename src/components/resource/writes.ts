import type {
  BatchView,
  EntityAction,
  EntityView,
  FormAction,
  FormView,
  ReportView,
} from '../../resources/types';

/**
 * Which calls of the generic screens change something: their buttons are disabled for an
 * account that may not write (the demo, src/components/WriteGuard.tsx). Each of these calls is
 * a write route on the server and each other call a read (tests/api/screen-writes.test.ts).
 */

/** A row, batch or toolbar action changes something unless it only fetches a file. */
export const actionWrites = (a: EntityAction): boolean => !a.download && !a.reads;

/**
 * A form changes something when its answer is only "done", or when it says so (an edit that
 * answers the record); one showing a record, table, file or report reads.
 */
export const formWrites = (v: Pick<FormView, 'result' | 'writes'>): boolean =>
  v.writes ?? v.result === 'message';

/** A form's own buttons (reset data) post a change unless they only check (test a key). */
export const formActionWrites = (a: FormAction): boolean => !a.reads;

/** Batch operations and imports always change devices or accounts. */
export const screenWrites = (v: BatchView | ReportView): boolean => v.kind === 'batch' || v.kind === 'report';

/** Every call of a view with whether it writes: what the test compares with the server's routes. */
export function viewCalls(view: EntityView): { endpoint: string; writes: boolean }[] {
  switch (view.kind) {
    case 'list':
      return [...(view.rowActions ?? []), ...(view.batchActions ?? []), ...(view.toolbarActions ?? [])].map(
        (a) => ({ endpoint: a.endpoint, writes: actionWrites(a) }),
      );
    case 'form':
      return [
        { endpoint: view.endpoint, writes: formWrites(view) },
        ...(view.report?.variants
          ? Object.values(view.report.variants.views).map((v) => ({
              endpoint: v.endpoint,
              writes: formWrites(v),
            }))
          : []),
        ...(view.actions ?? []).map((a) => ({ endpoint: a.endpoint, writes: formActionWrites(a) })),
      ];
    case 'batch':
      return [
        { endpoint: view.endpoint, writes: true },
        ...Object.values(view.variants?.views ?? {}).map((v) => ({ endpoint: v.endpoint, writes: true })),
      ];
    case 'report':
      return [
        { endpoint: view.endpoint, writes: true },
        ...Object.values(view.variants?.views ?? {}).map((v) => ({ endpoint: v.endpoint, writes: true })),
      ];
    default:
      return [];
  }
}
