import type { ComponentType, LazyExoticComponent } from 'react';
import type { Permission } from '../../config/roles';
import { genericPage } from '../components/resource/lazy';
import type { EntityField } from './fieldTypes';
import type { EntityView, ListView } from './viewTypes';

// Field and view types live in their own files; importers keep importing them from here.
export type { FieldType, FieldOption, EntityField, RemoteOptions, AddressLookup } from './fieldTypes';
export type {
  EntityAction,
  ListLink,
  ListView,
  BatchView,
  ReportView,
  FormView,
  FormAction,
  ReportOptions,
  ReportChart,
  EntityView,
} from './viewTypes';

/** Where a descriptor's list/detail calls go; the data provider reads these. */
export interface ResourceEndpoints {
  list?: string;
  one?: string;
  create?: string;
  update?: string;
  delete?: string;
}

/**
 * What an entity screen is made of; the generic renderers in src/components/resource read it.
 *
 * Adding a simple entity: declare its fields (type, label key, shared validator, enum values)
 * and its view (list columns/filters/actions, a batch form, an import report or a form with its
 * result) in its area's registry (`<area>/screens.ts`, under the screen's name), give its
 * `screen(...)` the area's `generic` loader and add the label keys to
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
    | 'factory'
    | 'system'
    | 'api';
  /** CASL subject of its permissions (`device:…`, `agent:…`). */
  subject: 'device' | 'agent' | 'count' | 'alarm' | 'fence' | 'card' | 'pay' | 'order' | 'test' | 'system';
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
  /**
   * A descriptor-driven screen: loads its area's registry, which holds the screen's entity and
   * view under its name. The entries stay light (the menu, the routes and the guard read them on
   * every page); the parts load with the screen (page weight, issue 18).
   */
  generic?: ScreensLoader;
}

/** The heavy half of a descriptor-driven screen: the entity and the view the renderer draws. */
export interface ScreenParts {
  entity: EntityDescriptor;
  view: EntityView;
}

/** One area's descriptor-driven screens by name (`<area>/screens.ts`). */
export type ScreenRegistry = Readonly<Record<string, ScreenParts>>;

/** Loads an area's registry: a dynamic import, so the registry gets a chunk of its own. */
export type ScreensLoader = () => Promise<ScreenRegistry>;

/** A list drawn inside a hand-written page (notifications, API keys, area visits): no route. */
export type DrawnList = Pick<ResourceDescriptor, 'name' | 'labelKey'> & ScreenParts & { view: ListView };

/**
 * A screen entry: labelKey defaults to the name. A screen with a `generic` loader and no page of
 * its own gets the generic renderer, so a simple entity needs no page code.
 */
export function screen(
  name: string,
  path: string,
  permissions: readonly Permission[] | undefined,
  extra: Partial<ResourceDescriptor> = {},
): ResourceDescriptor {
  const page = extra.page ?? (extra.generic ? genericPage(extra.generic) : undefined);
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
