import { Alert, Button, Card, Input, Space, Table, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName } from '../../../config/roles';
import { useAccounts } from '../../components/resource/useAccounts';
import { abilityFor, can } from '../../domain/ability';
import type { AgentTreeNode } from '../../domain/hierarchy';
import { useSessionUser } from '../../hooks/useSession';
import { errorText } from '../../i18n/errorText';
import { AccountActionModal } from './AccountActionModal';
import { ACCOUNT_ACTIONS, filterTree, type AccountAction } from './accountActions';
import { useWriteRefusal } from '../../hooks/useWriteRefusal';
import { WriteGuard } from '../../components/WriteGuard';

/** Leaves have no `children` key, so the table draws no expand button for them. */
type TreeRow = Omit<AgentTreeNode, 'children'> & { node: AgentTreeNode; children?: TreeRow[] };
const toRows = (nodes: AgentTreeNode[]): TreeRow[] =>
  nodes.map(({ children, ...n }) => ({
    ...n,
    node: { ...n, children },
    ...(children.length > 0 ? { children: toRows(children) } : {}),
  }));

/**
 * The account tree (spec: agentList): findAllUserV2's array rows built into the agent map and
 * tree (buildAgentTree), with each account's actions. After any change the tree is reloaded.
 */
export default function AgentTreePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const ability = useMemo(() => abilityFor(user), [user]);
  const { roots, map, loading, error, reload } = useAccounts();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<{ action: AccountAction; node: AgentTreeNode } | null>(null);
  const rows = useMemo(() => toRows(filterTree(roots, search)), [roots, search]);
  const actions = ACCOUNT_ACTIONS.filter((a) => can(ability, a.permission));
  const selfId = user?.id ?? 0;
  const refusal = useWriteRefusal();

  return (
    <Card
      title={t('menu:agentList')}
      data-testid="agent-tree"
      extra={
        <Space>
          <Input.Search
            allowClear
            placeholder={t('agent:search')}
            onSearch={setSearch}
            style={{ width: 240 }}
            data-testid="agent-search"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void reload()} />
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon message={errorText(error)} style={{ marginBottom: 16 }} /> : null}
      <p>{t('agent:summary', { count: map.size })}</p>
      <Table<TreeRow>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={rows.length === 0 ? 'empty' : `tree-${map.size}-${search}`}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': `account-${r.username}` }) as never}
        columns={[
          { key: 'username', dataIndex: 'username', title: t('agent:fields.username') },
          { key: 'nickname', dataIndex: 'nickname', title: t('agent:fields.nickname') },
          {
            key: 'role',
            dataIndex: 'role',
            title: t('agent:fields.role'),
            render: (role: number) => <Tag>{t(`agent:roles.${roleName(role) ?? 'user'}`)}</Tag>,
          },
          { key: 'deviceCount', dataIndex: 'deviceCount', title: t('agent:fields.deviceCount') },
          { key: 'saleCount', dataIndex: 'saleCount', title: t('agent:fields.saleCount') },
          {
            key: 'actions',
            title: t('device:generic.actions'),
            // Wide enough for three links a line; the rest wrap below.
            width: 380,
            render: (_: unknown, r: TreeRow) => (
              <Space size={0} wrap>
                {actions
                  .filter((a) => a.applies(r.node, selfId))
                  .map((a) => (
                    // Every account action changes the tree: disabled for the demo, with why.
                    <WriteGuard key={a.name} reason={refusal}>
                      <Button
                        type="link"
                        size="small"
                        danger={a.danger}
                        data-testid={`account-${a.name}`}
                        onClick={() => setOpen({ action: a, node: r.node })}
                      >
                        {t(`agent:actions.${a.name}`)}
                      </Button>
                    </WriteGuard>
                  ))}
              </Space>
            ),
          },
        ]}
      />
      {open ? (
        <AccountActionModal
          action={open.action}
          node={open.node}
          roots={roots}
          onClose={(changed) => {
            setOpen(null);
            if (changed) void reload();
          }}
        />
      ) : null}
    </Card>
  );
}
