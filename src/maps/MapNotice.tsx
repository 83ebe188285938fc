import { Alert, Typography } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WILDCARD_PERMISSION } from '../../config/roles';
import { abilityFor, can } from '../domain/ability';
import { choiceLabelKey, type Drawn } from './drawn';
import { useIsPhone } from '../hooks/useIsPhone';
import { useSessionUser } from '../hooks/useSession';

/** The administrator's screen where map keys are set (src/resources/system.ts). */
const MAP_KEY_PATH = '/index/system/mapKey';
/** Notices closed in this tab, by what they said: not shown again on any map screen. */
const CLOSED_KEY = 'mapNoticeClosed';

const closedOnes = (): string[] => {
  try {
    return JSON.parse(sessionStorage.getItem(CLOSED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};
const remember = (id: string) => {
  try {
    sessionStorage.setItem(CLOSED_KEY, JSON.stringify([...closedOnes(), id]));
  } catch {
    // Storage disabled: closed for this screen only.
  }
};

/**
 * Why the map shows no streets, or that the keyed provider did not load (issue 32): one
 * notice on the map, in the user's language, closed once for the whole tab. An administrator
 * also reads the cause and how to get streets (a map key, PMTILES_FILE, internet access for the
 * server), with a link to the map key screen, behind Details on a phone (the whole text would
 * cover a third of a phone's map); others get the short notice only. Placed at the
 * lower left of the map's positioned box unless `style` says otherwise.
 */
export function MapNotice({ drawn, style }: { drawn: Drawn | null; style?: CSSProperties }) {
  const { t } = useTranslation('monitor');
  const user = useSessionUser();
  const admin = useMemo(() => can(abilityFor(user), WILDCARD_PERMISSION), [user]);
  const [closed, setClosed] = useState(closedOnes);
  const phone = useIsPhone();
  const [expanded, setExpanded] = useState(false);
  if (!drawn) return null;
  const { noStreets, failedProvider } = drawn;
  if (!noStreets && !failedProvider) return null;
  const id = `${failedProvider ?? ''}:${noStreets ?? ''}`;
  if (closed.includes(id)) return null;

  const shown = t(choiceLabelKey(drawn.choice, drawn.offline));
  const headline = failedProvider
    ? t('mapNotice.providerFailed', { provider: t(`mapType.${failedProvider}`), shown })
    : t('mapNotice.noStreets');
  const details = !admin ? null : phone && !expanded ? (
    <Typography.Link onClick={() => setExpanded(true)} data-testid="map-notice-more">
      {t('mapNotice.details')}
    </Typography.Link>
  ) : (
    <span data-testid="map-notice-admin">
      {noStreets && <>{t(`mapNotice.reason.${noStreets}`)} </>}
      {failedProvider ? t('mapNotice.checkKey') : t('mapNotice.howTo')}{' '}
      <Link to={MAP_KEY_PATH} data-testid="map-notice-link">
        {t('mapNotice.mapKeyLink')}
      </Link>
    </span>
  );
  return (
    <Alert
      data-testid="map-notice"
      data-reason={noStreets ?? 'providerFailed'}
      type={admin ? 'warning' : 'info'}
      showIcon
      closable
      onClose={() => {
        remember(id);
        setClosed([...closed, id]);
      }}
      // One compact block (antd's description would set the headline large).
      message={
        <>
          <div style={{ fontWeight: admin ? 600 : undefined }}>{headline}</div>
          {details}
        </>
      }
      style={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        zIndex: 10,
        // Clear of the alarm notices at the bottom right of a 1440 px screen.
        maxWidth: 'min(440px, calc(100% - 16px))',
        padding: admin ? '6px 10px' : '2px 10px',
        fontSize: 12,
        ...style,
      }}
    />
  );
}
