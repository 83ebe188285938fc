import {
  AimOutlined,
  CloseOutlined,
  EyeOutlined,
  GatewayOutlined,
  NodeIndexOutlined,
  PayCircleOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compassSector, displayName, expiryBadge, type MonitorDevice } from '../../domain/device-view';
import { expiryStatus } from '../../domain/expiry';
import { runStateOf } from '../../domain/run-state';
import { expiryBadgeText, formatDate, formatDateTime, runStateColor, runStateText } from './texts';
import { lookupAddress } from './address';
import type { PanelAction } from './actions';

interface Props {
  device: MonitorDevice;
  now: number;
  /** The map type whose geocoder answers (a map key is set), or null for the offline lookup. */
  geocoderMapType: string | null;
  streetView: boolean;
  following: boolean;
  /** The user may renew online (order:pay): the panel offers "Renew" beside the expiry. */
  canRenew?: boolean;
  onAction(action: PanelAction): void;
  onClose(): void;
  /** In the phone's bottom drawer: full width, thumb-sized buttons (docs/mobile.md). */
  phone?: boolean;
}

/** The device panel (issue 4, item 3): floats over the map's top right corner; a drawer on phones. */
export function DevicePanel({
  device: d,
  now,
  geocoderMapType,
  streetView,
  following,
  canRenew,
  onAction,
  onClose,
  phone = false,
}: Props) {
  const { t, i18n } = useTranslation('monitor');
  const rs = runStateOf(d, now);
  const loc = d.location;
  const address = useAddress(loc?.lat, loc?.lon, geocoderMapType, i18n.language);
  const expiry = expiryStatus(d, now);
  const badge = expiryBadge(d, now);
  const dash = '—';
  // 44 px: the smallest touch target of Apple's and Google's guidelines.
  const buttonSize = phone ? 'large' : 'small';
  const touch = phone ? { minHeight: 44, minWidth: 44 } : undefined;

  return (
    <Card
      size="small"
      data-testid="device-panel"
      title={<span data-testid="panel-title">{displayName(d)}</span>}
      extra={
        <Button
          type="text"
          size={buttonSize}
          icon={<CloseOutlined />}
          onClick={onClose}
          title={t('panel.close')}
          style={touch}
          data-testid="panel-close"
        />
      }
      variant={phone ? 'borderless' : undefined}
      style={phone ? { width: '100%' } : { width: 340, boxShadow: '0 6px 16px rgba(0,0,0,0.16)' }}
      styles={{ body: { padding: 8 } }}
    >
      <Descriptions size="small" column={1} colon={false} labelStyle={{ width: 96 }}>
        <Descriptions.Item label={t('panel.imei')}>
          <span data-testid="panel-imei">{d.terminalID}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.plate')}>{d.carNumber || dash}</Descriptions.Item>
        <Descriptions.Item label={t('panel.sim')}>
          {[d.sim, d.iccid].filter(Boolean).join(' / ') || dash}
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.state')}>
          <span style={{ color: runStateColor(rs) }} data-testid="panel-state">
            {runStateText(t, rs, now)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.speed')}>
          <span data-testid="panel-speed">
            {loc ? t('panel.kmh', { speed: Math.round(loc.speed) }) : dash}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.course')}>
          <span data-testid="panel-course">
            {loc ? `${t(`compass.${compassSector(loc.course)}`)} (${Math.round(loc.course)}°)` : dash}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.fixTime')}>
          <span data-testid="panel-fix-time">
            {loc ? `${formatDateTime(loc.utcTime)} · ${positionTypeText(t, loc.positionType)}` : dash}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.position')}>
          <span data-testid="panel-position">
            {loc ? `${loc.lat.toFixed(6)}, ${loc.lon.toFixed(6)}` : dash}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.address')}>
          <span data-testid="panel-address">{loc ? (address ?? t('panel.addressLoading')) : dash}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.battery')}>
          {loc?.battery != null ? `${loc.battery}%` : dash}
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.expiry')}>
          <span data-testid="panel-expiry">
            {expiry.at != null ? formatDate(expiry.at) : t('panel.noExpiry')}
            {badge && (
              <Tag
                color={badge.band === 'expired' ? 'red' : 'orange'}
                style={{ marginInlineStart: 6 }}
                data-testid="panel-expiry-badge"
              >
                {expiryBadgeText(t, badge)}
              </Tag>
            )}
          </span>
          {canRenew && (
            <Button
              type="link"
              size={buttonSize}
              icon={<PayCircleOutlined />}
              onClick={() => onAction('renew')}
              data-testid="action-renew"
            >
              {t('order:actions.renewDevice')}
            </Button>
          )}
          {/* Within 60 days or past: how long is left, or since when it is unpaid (docs/expiry.md). */}
          {badge && expiry.at != null && (
            <div
              data-testid="panel-expiry-note"
              style={{ color: badge.band === 'expired' ? '#cf1322' : '#d46b08', fontSize: 12 }}
            >
              {/* The badge's calendar count (expiryBadge), so the two never disagree. */}
              {expiry.expired
                ? t('panel.expiredOn', { date: formatDate(expiry.at) })
                : t('panel.daysLeft', { days: Math.max(0, badge.days) })}
            </div>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap size={phone ? 8 : 4} style={{ marginTop: 8 }}>
        <Button
          size={buttonSize}
          style={touch}
          icon={<NodeIndexOutlined />}
          onClick={() => onAction('track')}
          data-testid="action-track"
        >
          {t('actions.track')}
        </Button>
        <Button
          size={buttonSize}
          style={touch}
          icon={<SendOutlined />}
          onClick={() => onAction('command')}
          data-testid="action-command"
        >
          {t('actions.command')}
        </Button>
        <Button
          size={buttonSize}
          style={touch}
          icon={<GatewayOutlined />}
          onClick={() => onAction('fence')}
          data-testid="action-fence"
        >
          {t('actions.fence')}
        </Button>
        <Button
          size={buttonSize}
          style={touch}
          icon={<EyeOutlined />}
          onClick={() => onAction('streetView')}
          disabled={!streetView}
          title={streetView ? undefined : t('actions.streetViewGoogleOnly')}
          data-testid="action-street-view"
        >
          {t('actions.streetView')}
        </Button>
        <Button
          size={buttonSize}
          style={touch}
          type={following ? 'primary' : 'default'}
          icon={<AimOutlined />}
          onClick={() => onAction('follow')}
          data-testid="action-follow"
        >
          {following ? t('actions.unfollow') : t('actions.follow')}
        </Button>
      </Space>
    </Card>
  );
}

function positionTypeText(t: (k: string) => string, type: string | null): string {
  return type ? t(`positionType.${type}`) : t('positionType.unknown');
}

/** The address of a position, looked up (and cached) when the position changes. */
function useAddress(
  lat: number | undefined,
  lng: number | undefined,
  mapType: string | null,
  language: string,
) {
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    setAddress(null);
    if (lat == null || lng == null) return;
    let live = true;
    lookupAddress(lat, lng, mapType, language)
      .then((a) => live && setAddress(a ?? ''))
      .catch(() => live && setAddress(''));
    return () => {
      live = false;
    };
  }, [lat, lng, mapType, language]);
  return address;
}
