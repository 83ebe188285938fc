import type { ComponentType } from 'react';
import type { Permission } from '../../config/roles';

/** An operation on rows: a confirm (no fields) or a small form, posted to `endpoint`. */
export interface EntityAction {
  name: string;
  labelKey: string;
  /** Row actions: `{field}` in it is the row's field (a route with the id in its path). */
  endpoint: string;
  permissions?: readonly Permission[];
  /** Fields of the action's form (names of the entity's fields). */
  fields?: readonly string[];
  /** Row actions: the request's id field and the row field it comes from. */
  idParam?: { param: string; from: string };
  danger?: boolean;
  /** Batch actions on devices go through the batch runner (progress over the websocket). */
  batch?: boolean;
  /**
   * Row field naming the account that owns a row: the action's account fields may not pick the
   * account that owns every target (a transfer to the devices' current owner).
   */
  ownerField?: string;
  /** Fixed request fields of the action ({read: true}). */
  params?: Record<string, unknown>;
  /** Row actions: offered only on the rows this accepts (mark read on unread rows). */
  when?: (row: Record<string, unknown>) => boolean;
  /** Posts at once, without a confirmation: for harmless, undoable actions. */
  immediate?: boolean;
  /** Batch actions outside the device batch runner: the selected row keys go in this field. */
  targetsParam?: string;
  /** The list's current filters go with the request (an action on "all matching"). */
  withFilters?: boolean;
  /** Row actions: the form starts from the row's values (an edit form). */
  prefill?: boolean;
  /** Reshapes the request (a price typed in major units sent in minor units). */
  request?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** The answer stays shown in the form, for copying (codes just created), instead of closing. */
  answer?: (data: unknown) => string;
  /** After a success, open this in-app path (pay again: the order cancelled, then the renew page). */
  after?: (row?: Record<string, unknown>) => string;
  /**
   * Key in the descriptor's namespace of a text the confirmation shows (what will happen);
   * `{{count}}` is the `affects` count when the action has one.
   */
  confirmKey?: string;
  /**
   * An action on every row matching the filters (`withFilters`): the confirmation counts the rows
   * it will change with this list call (its `total`, with `params` added to the filters) and
   * lists the filters that apply, less `ignoredFilters` (filters the action does not heed).
   */
  affects?: { endpoint: string; params?: Record<string, unknown>; ignoredFilters?: readonly string[] };
  /**
   * The action's dry run (issue 32): posted first with the same request; what it answers
   * (src/domain/batch-plan.ts) is shown, and the action runs only once confirmed.
   */
  preview?: string;
  /**
   * Row actions: the endpoint is a file GET with the session's token (a link could not carry it);
   * the file is saved under the name in this row field.
   */
  download?: { fileNameFrom: string };
  /** Posts but changes nothing (a check run now): stays live for the demo (src/components/resource/writes.ts). */
  reads?: boolean;
}

/** A toolbar button that opens another screen (the renew page from the order list). */
export interface ListLink {
  name: string;
  labelKey: string;
  to: string;
  permissions?: readonly Permission[];
}

/** A paged (or whole) list with filters, selection, batch actions and export. */
export interface ListView {
  kind: 'list';
  endpoint: string;
  rowKey: string;
  columns: readonly string[];
  filters?: readonly string[];
  /** false: the endpoint answers a plain array, shown without paging. */
  paged?: boolean;
  /** Fixed request fields (e.g. an owner path flag). */
  params?: Record<string, unknown>;
  /** GET: the filters and page go as query parameters (the endpoint is a GET route). */
  method?: 'GET';
  /** Server-built spreadsheet of the filtered list. */
  export?: { endpoint: string; fileName: string };
  rowActions?: readonly EntityAction[];
  batchActions?: readonly EntityAction[];
  toolbarActions?: readonly EntityAction[];
  links?: readonly ListLink[];
  /** Rows drawn stronger than the others (unread alarms). */
  emphasize?: (row: Record<string, unknown>) => boolean;
  /** Reloads the shown page this often (ms): rows a background job changes (transfer results). */
  refreshMs?: number;
  /** Rows expand to a small table of rows taken from the row (a test result's items). */
  detail?: { rows: (row: Record<string, unknown>) => Record<string, unknown>[]; columns: readonly string[] };
  /** Rows expand (also by a click on the row) to this component of the row (a job's devices). */
  detailComponent?: ComponentType<{ row: Record<string, unknown> }>;
}

/** One batch operation on many devices: pasted IMEIs (or ones selected in the list) plus a form. */
export interface BatchView {
  kind: 'batch';
  endpoint: string;
  fields: readonly string[];
  /** The devices may instead be every device of the account chosen in this field. */
  accountField?: string;
  /** Devices picked from the list in this field (type devices) join the pasted IMEIs. */
  pickField?: string;
  /** The batch's dry run, shown for confirmation before it runs (as EntityAction.preview). */
  preview?: string;
  /**
   * The call answers at once and the batch runs on the server: progress comes over the
   * websocket until done, `cancel` stops it, and the finished batch links to its results.
   */
  background?: { cancel: string; results: string };
  /**
   * One screen, several operations: the value of form field `field` picks the call and the
   * fields shown (`fields` lists them all, for the start values); `field` itself is not sent.
   */
  variants?: {
    field: string;
    views: Readonly<Record<string, { endpoint: string; fields: readonly string[] }>>;
  };
}

/** Lines in, a per-line report out (imports). Rows may also come from an xlsx/csv file. */
export interface ReportView {
  kind: 'report';
  endpoint: string;
  fields: readonly string[];
  /** 'text': the lines field goes as text; 'rows': each line is split into `rowColumns`. */
  input: 'text' | 'rows';
  /** The field holding the pasted lines. */
  linesField: string;
  /** Key in the descriptor's namespace of the lines' label, when they are not IMEIs (id,IMEI pairs). */
  linesLabelKey?: string;
  rowColumns?: readonly string[];
  /** Report columns beyond line, IMEI, status and reason. */
  reportColumns?: readonly string[];
  /**
   * A destructive call: confirmed first. Key in the descriptor's namespace of the question;
   * `{{count}}` is the number of lines.
   */
  confirmKey?: string;
  /** One screen, several calls: the value of form field `field` picks the call (clear card or data). */
  variants?: {
    field: string;
    views: Readonly<
      Record<string, Pick<ReportView, 'endpoint'> & Partial<Pick<ReportView, 'confirmKey' | 'reportColumns'>>>
    >;
  };
}

/** A form whose answer is shown below it: a record, a table of records, or a file download. */
export interface FormView {
  kind: 'form';
  endpoint: string;
  fields: readonly string[];
  /** 'report': a statistics report, see `report`. */
  result: 'message' | 'record' | 'table' | 'download' | 'report';
  /** For 'table', 'record' and 'report': the fields shown. */
  columns?: readonly string[];
  rowKey?: string;
  fileName?: string;
  /** Reshapes the answer into the record or rows shown (default: the answer, or its `list`). */
  pick?: (data: unknown) => Record<string, unknown> | Record<string, unknown>[];
  /** result 'report': how the answer is shown. */
  report?: ReportOptions;
  /** Key in the descriptor's namespace of the submit button, when it acts (a refund) rather than searches. */
  submitKey?: string;
  /** A settings form: this call's answer fills the form when it opens. */
  load?: string;
  /** Buttons under the form, each a call of its own (test a key, reset data). */
  actions?: readonly FormAction[];
  /**
   * The submit changes something though its answer is shown as a record or table (an edit
   * answering the row, a refund, a command sent); default: only a 'message' form writes.
   */
  writes?: boolean;
}

/** A button of a form: posts `body(values)`, then shows the answer as a message. */
export interface FormAction {
  name: string;
  /** Key in the descriptor's namespace of the button. */
  labelKey: string;
  endpoint: string;
  body?: (values: Values) => Values;
  /** Key in the descriptor's namespace of a confirmation asked first (irreversible actions). */
  confirmKey?: string;
  danger?: boolean;
  /** The message of an answer: its level and a key of the namespace, interpolated with the answer. */
  describe?: (data: Values) => { level: 'success' | 'warning' | 'error'; key: string };
  /** Posts but changes nothing (tests a key): stays live for the demo. */
  reads?: boolean;
}

type Values = Record<string, unknown>;

/**
 * A report over the form: run at once with the initial values, then a summary, a chart and a
 * table paged on the server (`pageNum`/`pageSize` in, `list`/`total` out), and an xlsx of
 * exactly the shown columns over every row of the request.
 */
export interface ReportOptions {
  /** The columns for the values asked (a grouping changes them); default the view's `columns`. */
  columnsFor?: (values: Values) => readonly string[];
  chart?: ReportChart;
  /** Figures over the table, from the answer. */
  summary?: readonly { labelKey: string; value: (answer: Values) => unknown; field?: string }[];
  /** Small unpaged tables under the main one, from the answer. */
  extras?: readonly { titleKey: string; rows: (answer: Values) => Values[]; columns: readonly string[] }[];
  /** Reshapes the request body of the report call. */
  request?: (body: Values) => Values;
  /** The export is this server-built file of the request body instead of the shown rows. */
  download?: { endpoint: string; fileName: string };
  /** Another view by the value of a form field (one screen for several reports). */
  variants?: { field: string; views: Readonly<Record<string, FormView>> };
}

/** A chart of the answer, drawn above or beside the table. */
export interface ReportChart {
  type: 'column' | 'bar' | 'line' | 'pie';
  titleKey: string;
  /** The points: x a day or a category, y a number, optional series. */
  points: (answer: Values) => { x: string; y: number; series?: string }[];
  /** Field whose options label the x values (types, levels). */
  xField?: string;
  /** Key of the y axis title (a unit). */
  yLabelKey?: string;
  /** x is a day: every day of the request's range is drawn, those the answer lacks as 0. */
  everyDay?: boolean;
  /** Above the table (default), beside it (narrow tables), or beside the figures over it. */
  placement?: 'above' | 'beside' | 'summary';
}

export type EntityView = ListView | BatchView | ReportView | FormView;
