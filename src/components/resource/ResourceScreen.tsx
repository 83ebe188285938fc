import { useLocation } from 'react-router';
import { resourceAtPath } from '../../resources';
import type { ScreenRegistry } from '../../resources/types';
import { BatchScreen } from './BatchScreen';
import { FormScreen } from './FormScreen';
import { ListScreen } from './ListScreen';
import { ReportScreen } from './ReportScreen';
import { StatsScreen } from './StatsScreen';

/**
 * The generic screen of a descriptor: found by the route path, its entity and view taken from
 * its area's registry (loaded with it, see lazy.ts), drawn by its view's kind. This is what makes
 * a simple entity "a descriptor and its locale keys".
 */
export default function ResourceScreen({ registry }: { registry: ScreenRegistry }) {
  const { pathname } = useLocation();
  const resource = resourceAtPath(pathname);
  const parts = resource ? registry[resource.name] : undefined;
  if (!resource || !parts) return null;
  const { entity, view } = parts;
  switch (view.kind) {
    case 'list':
      return <ListScreen key={resource.name} resource={resource} entity={entity} view={view} />;
    case 'batch':
      return <BatchScreen key={resource.name} resource={resource} entity={entity} view={view} />;
    case 'report':
      return <ReportScreen key={resource.name} resource={resource} entity={entity} view={view} />;
    case 'form':
      return view.result === 'report' ? (
        <StatsScreen key={resource.name} resource={resource} entity={entity} view={view} />
      ) : (
        <FormScreen key={resource.name} resource={resource} entity={entity} view={view} />
      );
  }
}
