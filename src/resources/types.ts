import type { ComponentType, LazyExoticComponent } from 'react';
import type { Permission } from '../../config/roles';
import type { MessageKey } from '../domain/messages';
import { ResourceScreen } from '../components/resource/lazy';

/** Where a descriptor's list/detail calls go; the data provider reads these. */
export interface ResourceEndpoints {
  list?: string;
  one?: string;
  create?: string;
  update?: string;
  delete?: string;
}

/** How a field is entered and shown. */
export type FieldType =
  | 'text'
  | 'textarea'
  /** Multi-line list, one entry per line (IMEIs, ICCIDs); sent as the raw text. */
  | 'lines'
  | 'number'
  | 'select'
  | 'date'
  | 'datetime'
  | 'password'
  | 'boolean'
  /** An account of the caller's subtree, chosen in the agent tree. */
  | 'account'
  /** A range of whole days with shortcuts (1 week, 1 month, 3 months); sent as startDate/endDate. */
  | 'dateRange'
  /** Devices of the caller's subtree (or of the account field named by `dependsOn`); terminal ids. */
  | 'devices'
  /** A structured value edited as JSON text (a device type's command set); sent as the object. */
  | 'json'
  /** A command of the device types' sets with its generated parameter form; sent as commandKey + params. */
  | 'command'
  /**
   * One file chosen by the user (`max`: its largest size in bytes). An action with a file field
   * posts the file as the raw body (application/octet-stream), its other fields as the query.
   * Labels in the descriptor's namespace: `chooseFile` (the button), `fileTooLarge` ({{mb}}).
   */
  | 'file';

/** One enum value: its label is a key of the descriptor's namespace, or a literal (protocol names). */
export interface FieldOption {
  /** Booleans: a flag shown as a label or tag (an alarm's read state). */
  value: string | number | boolean;
  /** A key of the descriptor's namespace, or `namespace:key` for a label another one holds. */
  labelKey?: string;
  label?: string;
  /** Tag colour in lists. */
  color?: string;
  /** Offered only to users holding one of these. */
  permissions?: readonly Permission[];
}

/** A field of an entity: how it is typed, labelled, validated and shown. */
export interface EntityField {
  type: FieldType;
  /** Key in the descriptor's namespace; defaults to `fields.<name>`. */
  labelKey?: string;
  required?: boolean;
  /** A shared validator of src/domain (the server runs the same one); answers a MESSAGES key. */
  validate?: (value: string) => MessageKey | null;
  options?: readonly FieldOption[];
  min?: number;
  max?: number;
  maxLength?: number;
  /** Select: several values. */
  multiple?: boolean;
  /** Select: the options as buttons side by side. */
  buttons?: boolean;
  /** A function is called for each new form (ranges ending today). */
  initialValue?: unknown;
  /** Shown text of a value in tables and exports (mileage, durations); default by type. */
  format?: (value: unknown) => string | number;
  /** Devices: the account field whose subtree the choice is narrowed to. */
  dependsOn?: string;
  /** Column width in lists. */
  width?: number;
  /** Key in the descriptor's namespace of a help text under the input. */
  helpKey?: string;
  /** Name of the request field, when it differs from the field's own name; `a.b` nests it under `a`. */
  param?: string;
  /**
   * A computed cell: the value shown (and an edit form's start value) taken from the whole row,
   * when it is not the row's own field (a count in a nested map, an amount with its currency).
   */
  value?: (row: Record<string, unknown>) => unknown;
  /** Text the value must match; the message is this key of the descriptor's namespace. */
  pattern?: { regex: RegExp; messageKey: string };
  /** Cells offer a copy button (generated codes, URLs to paste elsewhere). */
  copyable?: boolean;
  /** An address column: empty cells offer to look the row's position up and save it. */
  addressLookup?: AddressLookup;
  /** Cells link to this in-app path of the row (a transfer's id to its devices). */
  link?: (row: Record<string, unknown>) => string;
  /** Select: options read from a list call (`{list}` or a plain array), one per row of the answer. */
  remoteOptions?: RemoteOptions;
  /** File fields: the query parameter that carries the chosen file's name. */
  fileNameParam?: string;
}

/** Where a select's options come from: the call, and each option's value and label from a row. */
export interface RemoteOptions {
  endpoint: string;
  /** Request fields (a page size large enough for every row). */
  params?: Record<string, unknown>;
  value: string;
  label: (row: Record<string, unknown>) => string;
}

/** Where an address cell finds its row's position, and the call that saves the address found. */
export interface AddressLookup {
  lat: string;
  lon: string;
  /** Posted `{[idParam]: row[idFrom], address}`. */
  save: string;
  idParam: string;
  idFrom: string;
}

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
  /** Key in the descriptor's namespace of a text the confirmation shows (what will happen). */
  confirmKey?: string;
  /**
   * Row actions: the endpoint is a file GET with the session's token (a link could not carry it);
   * the file is saved under the name in this row field.
   */
  download?: { fileNameFrom: string };
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

/**
 * What an entity screen is made of; the generic renderers in src/components/resource read it.
 *
 * Adding a simple entity: declare its fields here (type, label key, shared validator, enum
 * values), give a `screen(...)` an `entity` and a `view` (list columns/filters/actions, a batch
 * form, an import report or a form with its result), and add the label keys to
 * locales/<lng>/<namespace>.json. `screen` then routes it to the generic page; no page code.
 */
export interface EntityDescriptor {
  /** i18n namespace of the labels. */
  namespace:
    | 'device'
    | 'agent'
    | 'count'
    | 'alarm'
    | 'notify'
    | 'area'
    | 'command'
    | 'pay'
    | 'order'
    | 'qc'
    | 'devlog'
    | 'ota'
    | 'stock'
    | 'transfer'
    | 'factory';
  /** CASL subject of its permissions (`device:…`, `agent:…`). */
  subject: 'device' | 'agent' | 'count' | 'alarm' | 'fence' | 'card' | 'pay' | 'order' | 'test';
  fields: Readonly<Record<string, EntityField>>;
}

/**
 * One entry of the app: a menu group (no `path`) or a screen (with `path`). Routes, the menu and
 * the route guard are all derived from these descriptors.
 */
export interface ResourceDescriptor {
  /** Unique name; refine's resource name. */
  name: string;
  /** Route path of the screen; absent for a menu group. */
  path?: string;
  /** Name of the menu group the entry sits in. */
  parent?: string;
  icon?: ComponentType;
  /** Key of the entry's title in the `menu` namespace. */
  labelKey: string;
  /** Any-of: the user needs one of these. Absent: every logged-in user. Groups derive theirs. */
  permissions?: readonly Permission[];
  /**
   * A screen reached by links only (the renew page, from the order list and the device panel):
   * routed and guarded like any other, left out of the menu.
   */
  hidden?: boolean;
  /** The screen; absent means the "coming soon" page until its issue builds it. */
  page?: LazyExoticComponent<ComponentType>;
  endpoints?: ResourceEndpoints;
  /** A descriptor-driven screen: the entity and the view the generic renderer draws. */
  entity?: EntityDescriptor;
  view?: EntityView;
}

/**
 * A screen entry: labelKey defaults to the name. A screen with an entity view and no page of its
 * own gets the generic renderer, so a simple entity needs no page code.
 */
export function screen(
  name: string,
  path: string,
  permissions: readonly Permission[] | undefined,
  extra: Partial<ResourceDescriptor> = {},
): ResourceDescriptor {
  const page = extra.page ?? (extra.entity && extra.view ? ResourceScreen : undefined);
  return { name, path, labelKey: name, permissions, ...extra, ...(page ? { page } : {}) };
}

/** A menu group entry. */
export function group(
  name: string,
  icon: ComponentType,
  extra: Partial<ResourceDescriptor> = {},
): ResourceDescriptor {
  return { name, icon, labelKey: name, ...extra };
}

/** Puts screens under a group. */
export function inGroup(parent: string, entries: ResourceDescriptor[]): ResourceDescriptor[] {
  return entries.map((e) => ({ ...e, parent }));
}
