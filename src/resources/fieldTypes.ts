import type { Permission } from '../../config/roles';
import type { MessageKey } from '../domain/messages';

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
  /**
   * Meaningful only to an account with sub-accounts (include the subtree): not offered to an end
   * user or factory staff, as account fields are not (useScopeFields).
   */
  subtree?: boolean;
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
