import { Alert, Button, Form, Radio, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchProgressPanel } from '../../components/resource/BatchProgressPanel';
import { DeviceSelect } from '../../components/resource/DeviceSelect';
import { useBatchRun } from '../../components/resource/useBatchRun';
import { usePlanStep } from '../../components/resource/usePlanStep';
import { WriteGuard } from '../../components/WriteGuard';
import type { PlanItem } from '../../domain/batch-plan';
import { CARD_TYPE } from '../../domain/codes';
import type { CardType } from '../../domain/payment';
import { errorText } from '../../i18n/errorText';
import { formatDate } from '../../domain/date-format';
import type { RenewWays } from './api';
import { CARD_TYPE_NAMES, type RenewPrefill } from './renewLogic';

const RENEW = '/card/renewBatch';
const PREVIEW = '/card/renewBatch/preview';

interface Values {
  terminalIDs?: string[];
  cardType?: CardType;
}

/**
 * Renewal by card, one of the renew page's ways (issue 32): devices and a card type of those the
 * account holds; Continue shows what will happen (the server's dry run: each device's new expiry,
 * the cards spent) and the renewal runs on Confirm.
 */
export function CardRenewForm({
  ways,
  prefill,
  onRenewed,
}: {
  ways: RenewWays;
  prefill: RenewPrefill;
  onRenewed: () => void;
}) {
  const { t } = useTranslation('order');
  const [form] = Form.useForm<Values>();
  const { state, run } = useBatchRun();
  const plan = usePlanStep();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { unlimited, balances } = ways.cards;
  const countOf = (c: CardType) => balances.find((b) => b.cardType === c)?.count ?? 0;
  const usable = balances.filter((b) => unlimited || b.count > 0).map((b) => b.cardType);

  const initial = useMemo<Values>(
    () => ({
      terminalIDs: prefill.terminalIDs,
      // One year when held, else the type held most of.
      cardType: usable.includes(CARD_TYPE.oneYear)
        ? CARD_TYPE.oneYear
        : [...usable].sort((a, b) => countOf(b) - countOf(a))[0],
    }),
    // The first render's choice only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const submit = async (v: Values) => {
    setRefusal(null);
    const terminalIDs = v.terminalIDs ?? [];
    const body = { cardType: v.cardType };
    const refused = await plan.ask(PREVIEW, { ...body, terminalIDs }, async () => {
      const done = await run(RENEW, terminalIDs, body);
      if (done) onRenewed();
    });
    if (refused) setRefusal(errorText(refused));
  };

  const renewed = (state.result as { items?: PlanItem[] } | null)?.items ?? [];
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => void submit(v)}
      style={{ maxWidth: 720 }}
      data-testid="card-renew-form"
    >
      <Form.Item
        name="terminalIDs"
        label={t('renew.devices')}
        extra={t('renew.cardDevicesHelp')}
        rules={[{ required: true, message: t('errors:deviceListEmpty') }]}
      >
        <DeviceSelect />
      </Form.Item>
      <Form.Item
        name="cardType"
        label={t('renew.cardType')}
        rules={[{ required: true }]}
        extra={unlimited ? t('renew.cardsUnlimited') : null}
      >
        <Radio.Group data-testid="renew-card-type">
          {/* The types the account holds (every type for the administrator). */}
          {balances
            .filter((b) => usable.includes(b.cardType))
            .map((b) => (
              <Radio.Button key={b.cardType} value={b.cardType} data-testid={`card-${b.cardType}`}>
                {unlimited
                  ? t(`cardTypes.${CARD_TYPE_NAMES[b.cardType]}`)
                  : t('renew.cardsHeld', {
                      card: t(`cardTypes.${CARD_TYPE_NAMES[b.cardType]}`),
                      count: b.count,
                    })}
              </Radio.Button>
            ))}
        </Radio.Group>
      </Form.Item>
      {refusal ? <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} /> : null}
      <Space>
        {/* Renewing writes: an account that may not (the demo) sees why before trying. */}
        <WriteGuard>
          <Button
            type="primary"
            htmlType="submit"
            loading={plan.asking || state.running}
            data-testid="card-renew-next"
          >
            {t('device:plan.next')}
          </Button>
        </WriteGuard>
      </Space>
      {plan.modal}
      <BatchProgressPanel state={state} />
      {renewed.length > 0 ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('renew.renewedTitle')}
          </Typography.Title>
          <Table<PlanItem>
            size="small"
            rowKey="terminalID"
            dataSource={renewed.slice(0, 500)}
            pagination={false}
            scroll={{ y: 240 }}
            data-testid="renewed-items"
            columns={[
              { dataIndex: 'name', title: t('device:plan.name'), ellipsis: true },
              {
                dataIndex: 'expireAfter',
                title: t('device:plan.expireAfter'),
                render: (v: string) => formatDate(v),
              },
            ]}
          />
        </>
      ) : null}
    </Form>
  );
}
