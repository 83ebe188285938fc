import { Alert, Card, Segmented, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { RenewWay } from '../../domain/renew-ways';
import { errorText } from '../../i18n/errorText';
import { fetchRenewWays, type RenewWays } from './api';
import { CardRenewForm } from './CardRenewForm';
import { RenewNextStep } from './RenewNextStep';
import { RenewOnlineForm } from './RenewOnlineForm';
import { ORDER_LIST_PATH, parseRenewQuery } from './renewLogic';

/**
 * The renew page (/index/order/renew, opened from the device panel and the order list; issue 32):
 * every way the signed-in account can renew the devices, as the server decides them (POST
 * /renew/ways): its own renewal cards and online payment. With none, the next step and whom to ask.
 */
export default function RenewPage() {
  const { t } = useTranslation('order');
  const [search] = useSearchParams();
  const [prefill] = useState(() => parseRenewQuery(search));
  const [ways, setWays] = useState<RenewWays | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [way, setWay] = useState<RenewWay | null>(null);

  // `keep`: after a renewal the balances change, but the way (and its result) stays on screen.
  const load = useCallback(
    (keep: boolean) =>
      fetchRenewWays(prefill.terminalIDs).then(
        (w) => {
          setWays(w);
          // Cards first when the account holds some: no payment needed.
          setWay((cur) => (cur && (keep || w.ways.includes(cur)) ? cur : (w.ways[0] ?? null)));
        },
        (e: unknown) => setLoadError(errorText(e)),
      ),
    [prefill],
  );
  useEffect(() => void load(false), [load]);

  const toOrders = <Link to={ORDER_LIST_PATH}>{t('renew.myOrders')}</Link>;
  return (
    <Card
      title={t('renew.pageTitle')}
      extra={ways?.online.allowed ? toOrders : null}
      data-testid="renew-page"
    >
      {loadError ? (
        <Alert type="error" showIcon message={loadError} />
      ) : !ways ? (
        <Spin />
      ) : !way ? (
        <RenewNextStep ways={ways} />
      ) : (
        <>
          {ways.ways.length > 1 ? (
            <Segmented
              block
              value={way}
              onChange={(v) => setWay(v as RenewWay)}
              options={ways.ways.map((w) => ({
                value: w,
                label: <span data-testid={`renew-way-${w}`}>{t(`renew.way.${w}`)}</span>,
              }))}
              style={{ marginBottom: 16, maxWidth: 480 }}
              data-testid="renew-ways"
            />
          ) : null}
          {way === 'cards' ? (
            <CardRenewForm ways={ways} prefill={prefill} onRenewed={() => void load(true)} />
          ) : (
            <RenewOnlineForm allowed={ways.online} prefill={prefill} />
          )}
        </>
      )}
    </Card>
  );
}
