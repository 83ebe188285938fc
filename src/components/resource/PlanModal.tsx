import { Alert, Descriptions, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CARD_TYPE } from '../../domain/codes';
import type { BatchPlan, PlanItem } from '../../domain/batch-plan';
import { formatDate } from '../../domain/date-format';

/** Rows of either table shown; a plan of thousands scrolls within them. */
const SHOWN = 500;

const CARD_NAME: Record<number, string> = Object.fromEntries(
  Object.entries(CARD_TYPE).map(([name, code]) => [code, name]),
);

interface Props {
  plan: BatchPlan;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * What a renewal by card or a transfer will do, as the server's dry run answered it (issue 32):
 * the devices and how each changes, the cards spent or the new owner, and the devices it will
 * refuse. Nothing happens until Confirm.
 */
export function PlanModal({ plan, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const renewal = Boolean(plan.cards);
  const date = (iso: string | null | undefined) => (iso ? formatDate(iso) : '-');
  const card = plan.cards ? t(`order:cardTypes.${CARD_NAME[plan.cards.cardType]}`) : '';
  const owner = plan.newOwner
    ? plan.newOwner.nickname
      ? `${plan.newOwner.nickname} (${plan.newOwner.username})`
      : plan.newOwner.username
    : '';
  const refused = plan.failed.map((f) => ({ ...f, reason: t(`errors:${f.key}`, f.message) }));

  // Two columns, so a phone shows the change without scrolling sideways.
  const columns = [
    {
      dataIndex: 'name',
      title: t('device:plan.name'),
      render: (name: string, r: PlanItem) => (
        <>
          <div>{name}</div>
          {name !== r.terminalID ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.terminalID}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    renewal
      ? {
          dataIndex: 'expireAfter',
          title: t('device:plan.expireAfter'),
          render: (after: string, r: PlanItem) => (
            <span data-testid="plan-expiry">
              {date(r.expireBefore)} → <Typography.Text strong>{date(after)}</Typography.Text>
            </span>
          ),
        }
      : { dataIndex: 'owner', title: t('device:plan.owner'), ellipsis: true },
  ];

  return (
    <Modal
      open
      title={t('device:plan.title')}
      okText={t('device:plan.confirm')}
      cancelText={t('device:plan.back')}
      okButtonProps={{ disabled: plan.succeeded === 0, 'data-testid': 'plan-confirm' } as never}
      cancelButtonProps={{ 'data-testid': 'plan-back' } as never}
      confirmLoading={busy}
      onOk={onConfirm}
      onCancel={onCancel}
      width={720}
      zIndex={1100}
      data-testid="plan"
    >
      <Descriptions size="small" column={1} bordered data-testid="plan-summary">
        <Descriptions.Item label={t('device:plan.count')}>
          <span data-testid="plan-count">{plan.succeeded}</span>
        </Descriptions.Item>
        {plan.newOwner ? (
          <Descriptions.Item label={t('device:plan.newOwner')}>
            <Typography.Text strong data-testid="plan-new-owner">
              {owner}
            </Typography.Text>
          </Descriptions.Item>
        ) : null}
        {plan.cards ? (
          <>
            <Descriptions.Item label={t('device:plan.card')}>{card}</Descriptions.Item>
            <Descriptions.Item label={t('device:plan.spent')}>
              <span data-testid="plan-cards">
                {plan.cards.balanceBefore == null
                  ? t('device:plan.unlimited')
                  : t('device:plan.spentOf', {
                      spent: plan.cards.spent,
                      before: plan.cards.balanceBefore,
                      after: plan.cards.balanceAfter,
                    })}
              </span>
            </Descriptions.Item>
          </>
        ) : null}
      </Descriptions>
      {plan.succeeded === 0 ? (
        <Alert type="warning" showIcon message={t('device:plan.nothing')} style={{ marginTop: 12 }} />
      ) : (
        <Table<PlanItem>
          size="small"
          rowKey="terminalID"
          style={{ marginTop: 12 }}
          dataSource={plan.items.slice(0, SHOWN)}
          columns={columns}
          pagination={false}
          scroll={{ y: 260 }}
          data-testid="plan-items"
        />
      )}
      {refused.length > 0 ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('device:plan.refused', { count: refused.length })}
          </Typography.Title>
          <Table
            size="small"
            rowKey="terminalID"
            dataSource={refused.slice(0, SHOWN)}
            pagination={false}
            scroll={{ y: 160 }}
            data-testid="plan-refused"
            columns={[
              { dataIndex: 'terminalID', title: t('device:fields.terminalID'), width: 170 },
              { dataIndex: 'reason', title: t('device:generic.reason') },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
