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
  | 'account';

/** One enum value: its label is a key of the descriptor's namespace, or a literal (protocol names). */
export interface FieldOption {
  value: string | number;
  labelKey?: string;
  label?: string;
  /** Tag colour in lists. */
  color?: string;
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
  initialValue?: unknown;
  /** Column width in lists. */
  width?: number;
  /** Key in the descriptor's namespace of a help text under the input. */
  helpKey?: string;
  /** Name of the request field, when it differs from the field's own name. */
  param?: string;
}

/** An operation on rows: a confirm (no fields) or a small form, posted to `endpoint`. */
export interface EntityAction {
  name: string;
  labelKey: string;
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
  /** Server-built spreadsheet of the filtered list. */
  export?: { endpoint: string; fileName: string };
  rowActions?: readonly EntityAction[];
  batchActions?: readonly EntityAction[];
  toolbarActions?: readonly EntityAction[];
}

/** One batch operation on many devices: pasted IMEIs (or ones selected in the list) plus a form. */
export interface BatchView {
  kind: 'batch';
  endpoint: string;
  fields: readonly string[];
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
  rowColumns?: readonly string[];
  /** Report columns beyond line, IMEI, status and reason. */
  reportColumns?: readonly string[];
}

/** A form whose answer is shown below it: a record, a table of records, or a file download. */
export interface FormView {
  kind: 'form';
  endpoint: string;
  fields: readonly string[];
  result: 'message' | 'record' | 'table' | 'download';
  /** For 'table' and 'record': the fields shown. */
  columns?: readonly string[];
  rowKey?: string;
  fileName?: string;
  /** Reshapes the answer into the record or rows shown (default: the answer, or its `list`). */
  pick?: (data: unknown) => Record<string, unknown> | Record<string, unknown>[];
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
  namespace: 'device' | 'agent';
  /** CASL subject of its permissions (`device:…`, `agent:…`). */
  subject: 'device' | 'agent';
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
