import { Button, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PERMISSIONS } from '../../../config/roles';
import { abilityFor, can } from '../../domain/ability';
import { useSessionUser } from '../../hooks/useSession';
import type { RenewWays } from './api';

/**
 * No way to renew is open (issue 32): what to do next and whom to ask, as the server said:
 * renewal cards from the account above, prices from the agent taking payment, or the renewal
 * itself from the agent. Never a dead end: the account to contact is named, with its telephone.
 */
export function RenewNextStep({ ways }: { ways: RenewWays }) {
  const { t } = useTranslation('order');
  const user = useSessionUser();
  const step = ways.nextStep ?? 'askAgent';
  const c = ways.contact;
  const name = c ? (c.nickname ? `${c.nickname} (${c.username})` : c.username) : t('renew.next.yourAgent');
  const seesCards = user ? can(abilityFor(user), PERMISSIONS.cardList) : false;
  return (
    <Result
      status="info"
      data-testid="renew-next-step"
      data-step={step}
      title={t(`renew.next.${step}.title`)}
      subTitle={t(`renew.next.${step}.text`, { contact: name })}
      extra={
        step === 'askForCards' && seesCards ? (
          <Link to="/index/card/accounts">
            <Button>{t('renew.next.myCards')}</Button>
          </Link>
        ) : null
      }
    >
      {c ? (
        <Space direction="vertical" size={4} style={{ width: '100%', textAlign: 'center' }}>
          <Typography.Text strong data-testid="renew-contact">
            {t('renew.next.contact', { name })}
          </Typography.Text>
          {c.telephone ? (
            <a href={`tel:${c.telephone}`}>{t('renew.next.telephone', { phone: c.telephone })}</a>
          ) : null}
        </Space>
      ) : null}
    </Result>
  );
}
