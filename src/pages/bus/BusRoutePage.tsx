import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { BusRoute } from '../areas/api';
import { BusArrivals } from './BusArrivals';
import { BusRouteEditor } from './BusRouteEditor';
import { BusRouteTable } from './BusRouteTable';

/** What the bus route screen shows, from its query (`?view=new|edit|arrivals&id=…`). */
export type BusView = 'list' | 'new' | 'edit' | 'arrivals';

/** /index/bus/busLineList: the routes and, by query, the editor and a route's stop arrivals. */
export default function BusRoutePage() {
  const [params, setParams] = useSearchParams();
  const view = (params.get('view') ?? 'list') as BusView;
  const id = Number(params.get('id')) || undefined;
  const go = useCallback(
    (next: BusView, route?: BusRoute) => {
      const q = new URLSearchParams();
      if (next !== 'list') q.set('view', next);
      if (route) {
        q.set('id', String(route.id));
        q.set('name', route.name);
        q.set('userId', String(route.userId));
      }
      setParams(q);
    },
    [setParams],
  );
  const back = useCallback(() => go('list'), [go]);
  if (view === 'new') return <BusRouteEditor key="new" onDone={back} />;
  if (view === 'edit' && id) return <BusRouteEditor key={id} id={id} userId={Number(params.get('userId')) || undefined} onDone={back} />;
  if (view === 'arrivals' && id) return <BusArrivals id={id} name={params.get('name') ?? ''} onBack={back} />;
  return <BusRouteTable open={go} />;
}
