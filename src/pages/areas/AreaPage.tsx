import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { AreaKind } from '../../domain/area/kinds';
import type { Area } from './api';
import { AreaEditor } from './AreaEditor';
import { AreaTable } from './AreaTable';
import { AreaVisits } from './AreaVisits';

/** What an area screen shows, from its query (`?view=new|edit|visits&id=…`). */
export type AreaView = 'list' | 'new' | 'edit' | 'visits';

/**
 * One screen per area kind (risk points, check-car areas, check-car points): the list and, by
 * query, the editor and the visits, so each can be linked to and Back returns to the list.
 */
export function AreaPage({ kind }: { kind: AreaKind }) {
  const [params, setParams] = useSearchParams();
  const view = (params.get('view') ?? 'list') as AreaView;
  const id = Number(params.get('id')) || undefined;
  const go = useCallback(
    (next: AreaView, area?: Area) => {
      const q = new URLSearchParams();
      if (next !== 'list') q.set('view', next);
      if (area) {
        q.set('id', String(area.id));
        q.set('name', area.name);
      }
      setParams(q);
    },
    [setParams],
  );
  const back = useCallback(() => go('list'), [go]);
  if (view === 'new') return <AreaEditor key="new" kind={kind} onDone={back} />;
  if (view === 'edit' && id) return <AreaEditor key={id} kind={kind} id={id} onDone={back} />;
  if (view === 'visits' && id && kind !== 'risk')
    return <AreaVisits id={id} name={params.get('name') ?? ''} purpose={kind} onBack={back} />;
  return <AreaTable kind={kind} open={go} />;
}

export const RiskPointPage = () => <AreaPage kind="risk" />;
export const CheckAreaPage = () => <AreaPage kind="checkArea" />;
export const CheckPointPage = () => <AreaPage kind="checkPoint" />;
