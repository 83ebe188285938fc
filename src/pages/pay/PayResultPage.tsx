import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PUBLIC_ROUTES } from '../../domain/routeGuard';
import { useSessionUser } from '../../hooks/useSession';
import { errorText } from '../../i18n/errorText';
import type { PayResultState } from '../../domain/payment';
import { cancelOrder, orderStatus, type OrderView } from './api';
import { nextPoll, payResultQuery } from './payResultLogic';
import { PublicPayFrame } from './PublicPayFrame';
import { ORDER_LIST_PATH, moneyText, prefillOfOrder, renewLink } from './renewLogic';
import { formatDateTime } from '../monitor/texts';

type View = { kind: 'asking' } | { kind: 'timedOut' } | { kind: 'error'; text: string };

/**
 * /payResult (spec sections 2 and 4): where the provider sends the buyer back. It asks for the
 * order's state every 2 s while it is confirming (the server also asks the provider), for up to
 * a minute, then shows success, failure, cancelled or refunded. `&cancel=1` (the provider's
 * cancel link) closes the order first.
 */
export default function PayResultPage() {
  const { t } = useTranslation('order');
  return (
    <PublicPayFrame title={t('result.title')}>
      <PayResult />
    </PublicPayFrame>
  );
}

function PayResult() {
  const { t } = useTranslation('order');
  const user = useSessionUser();
  const [search] = useSearchParams();
  const { orderNo, cancel } = payResultQuery(search);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [view, setView] = useState<View>({ kind: 'asking' });
  // Bumped by "refresh" after the time limit: asks for another minute.
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!orderNo || !user) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    const ask = async () => {
      try {
        const o = await orderStatus(orderNo);
        if (!live) return;
        setOrder(o);
        const step = nextPoll(o.state, startedAt, Date.now());
        if (step.kind === 'wait') timer = setTimeout(() => void ask(), step.delayMs);
        else if (step.kind === 'timedOut') setView({ kind: 'timedOut' });
      } catch (e) {
        if (live) setView({ kind: 'error', text: errorText(e) });
      }
    };
    setView({ kind: 'asking' });
    // Back through the cancel link: the order is closed first. One already closed or paid
    // answers orderNotPayable, and its real state is shown below.
    const first = cancel && round === 0 ? cancelOrder(orderNo).catch(() => undefined) : Promise.resolve();
    void first.then(ask);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderNo, cancel, user, round]);

  if (!orderNo) return <Result status="warning" title={t('result.noOrder')} />;
  if (view.kind === 'error')
    return <Alert type="error" showIcon message={view.text} data-testid="pay-result-error" />;

  const state = order?.state ?? 'confirming';
  const kind = state === 'confirming' && view.kind === 'timedOut' ? 'timedOut' : state;
  // antd's Result passes no data attributes on: the tests read the state from this wrapper.
  return (
    <div data-testid="pay-result" data-state={kind}>
      <ResultView kind={kind} order={order} orderNo={orderNo} onRefresh={() => setRound((r) => r + 1)} />
    </div>
  );
}

function ResultView({
  kind,
  order,
  orderNo,
  onRefresh,
}: {
  kind: PayResultState | 'timedOut';
  order: OrderView | null;
  orderNo: string;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('order');
  const toOrders = (
    <Link key="orders" to={ORDER_LIST_PATH}>
      <Button type={kind === 'success' ? 'primary' : 'default'}>{t('result.toOrders')}</Button>
    </Link>
  );
  switch (kind) {
    case 'confirming':
      return (
        <Result
          icon={<LoadingOutlined />}
          title={t('result.confirming')}
          subTitle={t('result.confirmingHelp', { orderNo })}
        />
      );
    case 'timedOut':
      return (
        <Result
          status="info"
          title={t('result.stillConfirming')}
          subTitle={t('result.stillConfirmingHelp', { orderNo })}
          extra={[
            <Button key="refresh" type="primary" onClick={onRefresh} data-testid="pay-result-refresh">
              {t('result.refresh')}
            </Button>,
            toOrders,
          ]}
        />
      );
    case 'success':
      return (
        <Result
          status="success"
          title={t('result.success')}
          subTitle={t('result.successHelp', { orderNo })}
          extra={[
            toOrders,
            <Link key="monitor" to={PUBLIC_ROUTES.redirect}>
              <Button>{t('result.toMonitor')}</Button>
            </Link>,
          ]}
        >
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('result.newExpiry')}>
              <span data-testid="pay-result-expiry">
                {order?.expireTime ? formatDateTime(order.expireTime) : '-'}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('result.devices')}>{order?.rechargeTarget}</Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>
              {moneyText(order?.amountMinor, order?.currency)}
            </Descriptions.Item>
          </Descriptions>
        </Result>
      );
    case 'refunded':
      return (
        <Result
          status="info"
          title={t('result.refunded')}
          subTitle={t('result.refundedHelp', { orderNo })}
          extra={[toOrders]}
        />
      );
    default: {
      // Failed or cancelled: nothing was charged; the same renewal can be tried again.
      const again = order ? (
        <Link key="again" to={renewLink(prefillOfOrder(order as unknown as Record<string, unknown>))}>
          <Button type="primary">{t('result.renewAgain')}</Button>
        </Link>
      ) : null;
      return (
        <Result
          status={kind === 'failure' ? 'error' : 'warning'}
          title={t(`result.${kind}`)}
          subTitle={t(`result.${kind}Help`, { orderNo })}
          extra={[again, toOrders]}
        />
      );
    }
  }
}
