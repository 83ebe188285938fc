import { useSearchParams } from 'react-router';
import { FenceAllocate } from './FenceAllocate';
import { FenceDetailView } from './FenceDetailView';
import { FenceEditor } from './FenceEditor';
import { FenceTable } from './FenceTable';

/** What the fence screen shows, from its query (`?view=new|edit|allocate|detail&id=…`). */
export type FenceView = 'list' | 'new' | 'edit' | 'allocate' | 'detail';

/**
 * /index/fence/list: the list and, by query, the add/edit, allocate and detail views, so each
 * can be linked to and the browser's back button returns to the list. `terminalID` (from the
 * monitor's fence action) opens a new fence's map on that device and preselects it when allocating.
 */
export default function FenceListPage() {
  const [params, setParams] = useSearchParams();
  const view = (params.get('view') ?? 'list') as FenceView;
  const id = Number(params.get('id')) || undefined;
  const terminalID = params.get('terminalID') ?? undefined;
  const go = (next: FenceView, nextId?: number) => {
    const q = new URLSearchParams();
    if (next !== 'list') q.set('view', next);
    if (nextId) q.set('id', String(nextId));
    if (terminalID) q.set('terminalID', terminalID);
    setParams(q);
  };
  const back = () => go('list');
  if (view === 'new') return <FenceEditor focus={terminalID} onDone={back} onSaved={(f) => go('allocate', f.id)} />;
  if (view === 'edit' && id) return <FenceEditor id={id} onDone={back} onSaved={back} />;
  if (view === 'allocate' && id) return <FenceAllocate id={id} terminalID={terminalID} onDone={back} />;
  if (view === 'detail' && id) return <FenceDetailView id={id} onBack={back} onEdit={() => go('edit', id)} onAllocate={() => go('allocate', id)} />;
  return <FenceTable terminalID={terminalID} open={go} />;
}
