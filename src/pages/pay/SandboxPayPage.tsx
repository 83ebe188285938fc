import { Alert, Button, Descriptions, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessionUser } from '../../hooks/useSession';
import { errorText } from '../../i18n/errorText';
import { orderStatus, sandboxPay, type OrderView } from './api';
import { PublicPayFrame } from './PublicPayFrame';
import { CARD_TYPE_NAMES, moneyText, returnPath } from './renewLogic';

type Outcome = 'paid' | 'failed' | 'cancelled';

/**
 * The checkout of the local sandbox provider (/sandbox-pay, the sandbox's approve link): the
 * buyer decides the outcome, the server sends itself the signed notification a provider would,
 * and the buyer goes back to the return (or cancel) URL. No money moves.
 */
export default function SandboxPayPage() {
  const { t } = useTranslation('order');
  return (
    <PublicPayFrame title={t('sandbox.title')}>
      <SandboxCheckout />
    </PublicPayFrame>
  );
}

function SandboxCheckout() {
  const { t } = useTranslation('order');
  const navigate = useNavigate();
  const user = useSessionUser();
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo') ?? '';
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!orderNo || !user) return;
    orderStatus(orderNo).then(setOrder, (e: unknown) => setError(errorText(e)));
  }, [orderNo, user]);

  const decide = async (outcome: Outcome) => {
    setBusy(outcome);
    try {
      await sandboxPay(orderNo, outcome);
      const back = search.get(outcome === 'cancelled' ? 'cancelUrl' : 'returnUrl');
      navigate(returnPath(back, window.location.origin, orderNo));
    } catch (e) {
      setError(errorText(e));
      setBusy(null);
    }
  };

  const open = order?.state === 'confirming';
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sandbox-pay">
      <Alert type="warning" showIcon message={t('sandbox.banner')} data-testid="sandbox-banner" />
      {error ? <Alert type="error" showIcon message={error} data-testid="sandbox-error" /> : null}
      {!order ? (
        error ? null : (
          <Spin />
        )
      ) : (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('fields.orderNo')}>
              <span data-testid="sandbox-order-no">{order.orderNo}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.rechargeType')}>
              {t(`cardTypes.${CARD_TYPE_NAMES[order.rechargeType]}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.rechargeTarget')}>{order.rechargeTarget}</Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>
              <strong data-testid="sandbox-amount">{moneyText(order.amountMinor, order.currency)}</strong>
            </Descriptions.Item>
          </Descriptions>
          {open ? null : <Alert type="info" showIcon message={t('sandbox.notOpen')} />}
          <Space wrap>
            <Button
              type="primary"
              disabled={!open || busy !== null}
              loading={busy === 'paid'}
              onClick={() => void decide('paid')}
              data-testid="sandbox-pay-button"
            >
              {t('sandbox.pay')}
            </Button>
            <Button
              danger
              disabled={!open || busy !== null}
              loading={busy === 'failed'}
              onClick={() => void decide('failed')}
              data-testid="sandbox-decline"
            >
              {t('sandbox.decline')}
            </Button>
            <Button
              disabled={!open || busy !== null}
              loading={busy === 'cancelled'}
              onClick={() => void decide('cancelled')}
              data-testid="sandbox-cancel"
            >
              {t('sandbox.cancel')}
            </Button>
          </Space>
        </>
      )}
    </Space>
  );
}
