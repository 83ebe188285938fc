import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyModule, useLazyControl } from '../../components/lazy/lazyModule';
import { SelectLookalike } from '../../components/lazy/SelectLookalike';
import { buildAgentTree, type AgentRow, type AgentTreeNode } from '../../domain/hierarchy';
import { fetchAgentRows } from './api';

export interface AgentTreeOption {
  value: number;
  title: string;
  children: AgentTreeOption[];
}

const toOption = (n: AgentTreeNode): AgentTreeOption => ({
  value: n.id,
  title: n.nickname ? `${n.nickname} (${n.username})` : n.username,
  children: n.children.map(toOption),
});

/** The title of the account `id` in the tree, as the closed TreeSelect shows it. */
function titleOf(tree: AgentTreeOption[], id: number): string | undefined {
  for (const n of tree) {
    if (n.value === id) return n.title;
    const found = titleOf(n.children, id);
    if (found !== undefined) return found;
  }
  return undefined;
}

// antd's TreeSelect (rc-tree-select, rc-tree, rc-select: about 30 KB gzip) loads when the picker
// is used; the monitor's first paint shows a look-alike (page weight, issue 18).
const realTree = lazyModule(() => import('./AgentTreeSelect'));
const STYLE = { width: 'calc(100% - 16px)', margin: '8px 8px 0' };

/**
 * Picks one account of the caller's subtree (spec section 6: an agent views a sub-user's
 * devices). Empty means "all of my subtree".
 */
export function AgentSelect({
  rootId,
  value,
  onChange,
}: {
  rootId: number;
  value?: number;
  onChange(id: number | undefined): void;
}) {
  const { t } = useTranslation('monitor');
  const [rows, setRows] = useState<AgentRow[]>([]);
  useEffect(() => {
    let live = true;
    fetchAgentRows(rootId)
      .then((r) => live && setRows(r))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [rootId]);
  const tree = useMemo(() => buildAgentTree(rows).roots.map(toOption), [rows]);
  const lazy = useLazyControl(realTree);

  if (lazy.Real)
    return <lazy.Real.AgentTreeSelect tree={tree} value={value} onChange={onChange} style={STYLE} />;
  return (
    <SelectLookalike
      data-testid="agent-select"
      // Before the tree has loaded antd shows the bare id; so does the look-alike.
      label={value == null ? undefined : (titleOf(tree, value) ?? value)}
      placeholder={t('list.allAccounts')}
      style={STYLE}
      onPrefetch={lazy.prefetch}
      onOpen={lazy.open}
      onClear={() => onChange(undefined)}
    />
  );
}
