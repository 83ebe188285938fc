import { TreeSelect } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentTreeOption } from './AgentSelect';

/**
 * The account picker's real control, loaded when it is first used (AgentSelect shows a look-alike
 * until then): antd's TreeSelect brings rc-tree-select, rc-tree, rc-select and rc-virtual-list.
 */
export function AgentTreeSelect({
  tree,
  value,
  onChange,
  style,
}: {
  tree: AgentTreeOption[];
  value?: number;
  onChange(id: number | undefined): void;
  style: CSSProperties;
}) {
  const { t } = useTranslation('monitor');
  return (
    <TreeSelect
      data-testid="agent-select"
      style={style}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={t('list.allAccounts')}
      value={value}
      treeData={tree}
      onChange={(v) => onChange(v ?? undefined)}
      popupMatchSelectWidth={false}
      // Mounted when the look-alike was clicked or opened from the keyboard.
      defaultOpen
      autoFocus
    />
  );
}
