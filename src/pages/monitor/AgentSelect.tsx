import { TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildAgentTree, type AgentRow, type AgentTreeNode } from '../../domain/hierarchy';
import { fetchAgentRows } from './api';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const toOption = (n: AgentTreeNode): TreeOption => ({
  value: n.id,
  title: n.nickname ? `${n.nickname} (${n.username})` : n.username,
  children: n.children.map(toOption),
});

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

  return (
    <TreeSelect
      data-testid="agent-select"
      style={{ width: 'calc(100% - 16px)', margin: '8px 8px 0' }}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={t('list.allAccounts')}
      value={value}
      treeData={tree}
      onChange={(v) => onChange(v ?? undefined)}
      popupMatchSelectWidth={false}
    />
  );
}
