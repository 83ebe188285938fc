import {
  ColumnWidthOutlined,
  ExpandOutlined,
  ReloadOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Button, Popover, Segmented, Space, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapChoice } from '../../domain/codes';
import type { Drawn } from '../../maps/drawn';
import { formatDistance } from '../../maps/distance';
import { VariantSwitch } from '../../maps/VariantSwitch';
import type { DistanceUnit, MapVariant } from '../../maps/types';
import { MapTypeSelect } from './MapTypeSelect';
import { PlaceSearch } from './PlaceSearch';

interface Props {
  /** What the map draws and offers (useMapSetup), for the provider box. */
  drawn: Drawn | null;
  onMapType(t: MapChoice): void;
  variant: MapVariant;
  onVariant(v: MapVariant): void;
  showNames: boolean;
  onShowNames(on: boolean): void;
  measure: { active: boolean; unit: DistanceUnit };
  onMeasure(m: { active: boolean; unit: DistanceUnit }): void;
  measured: number | null;
  onFit(): void;
  onPlace(lng: number, lat: number): void;
  /** Map type whose place search answers, or null for the offline list. */
  placeMapType: string | null;
  countdown: number;
  onRefresh(): void;
  bell: ReactNode;
  /** Phone layout: map switches and place search behind two buttons, 44 px touch targets. */
  phone?: boolean;
}

// Thumb-sized buttons on a phone: 44 px, the smallest touch target of Apple's and Google's guides.
const TOUCH_CSS = '.map-toolbar-touch .ant-btn { min-width: 44px; min-height: 44px; }';
const box = {
  pointerEvents: 'auto',
  background: 'rgba(255,255,255,0.92)',
  padding: 6,
  borderRadius: 8,
} as const;

/** The toolbar over the map (issue 4, item 5 and the map switches). */
export function MapToolbar(p: Props) {
  const { t } = useTranslation('monitor');
  const mapType = <MapTypeSelect drawn={p.drawn} onChange={p.onMapType} />;
  const variant = <VariantSwitch drawn={p.drawn} value={p.variant} onChange={p.onVariant} />;
  const showNames = (
    <Space size={4}>
      <Switch size="small" checked={p.showNames} onChange={p.onShowNames} data-testid="show-names" />
      <Typography.Text>{t('toolbar.showNames')}</Typography.Text>
    </Space>
  );
  const measure = (
    <Tooltip title={t('toolbar.measureHelp')}>
      <Button
        icon={<ColumnWidthOutlined />}
        type={p.measure.active ? 'primary' : 'default'}
        onClick={() => p.onMeasure({ ...p.measure, active: !p.measure.active })}
        aria-label={t('toolbar.measure')}
        data-testid="measure"
      >
        {!p.phone && t('toolbar.measure')}
      </Button>
    </Tooltip>
  );
  const measuring = p.measure.active && (
    <>
      <Segmented
        size="small"
        value={p.measure.unit}
        onChange={(u) => p.onMeasure({ ...p.measure, unit: u as DistanceUnit })}
        options={[
          { value: 'metric', label: t('toolbar.metric') },
          { value: 'us', label: t('toolbar.us') },
        ]}
      />
      {p.measured != null && (
        <Typography.Text strong data-testid="measured">
          {formatDistance(p.measured, p.measure.unit)}
        </Typography.Text>
      )}
    </>
  );
  const fit = (
    <Button icon={<ExpandOutlined />} onClick={p.onFit} title={t('toolbar.fit')} data-testid="fit" />
  );
  const place = <PlaceSearch mapType={p.placeMapType} onPick={p.onPlace} />;
  const right = (
    <Space size={6} style={{ ...box, marginInlineStart: 'auto' }}>
      {p.bell}
      <Tooltip title={t('toolbar.refreshIn', { seconds: p.countdown })}>
        <Button icon={<ReloadOutlined />} onClick={p.onRefresh} data-testid="refresh">
          <span data-testid="countdown">{p.countdown}</span>
        </Button>
      </Tooltip>
    </Space>
  );

  if (p.phone) {
    return (
      <div
        data-testid="map-toolbar"
        className="map-toolbar-touch"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start', pointerEvents: 'none' }}
      >
        <style>{TOUCH_CSS}</style>
        <Space wrap size={6} style={box}>
          <Popover
            trigger="click"
            placement="bottomLeft"
            content={
              <Space direction="vertical" size={10}>
                {mapType}
                {variant}
                {showNames}
              </Space>
            }
          >
            <Button
              icon={<SettingOutlined />}
              aria-label={t('toolbar.mapSettings')}
              data-testid="map-settings"
            />
          </Popover>
          {measure}
          {fit}
          <Popover trigger="click" placement="bottom" content={place}>
            <Button
              icon={<SearchOutlined />}
              aria-label={t('toolbar.searchPlace')}
              data-testid="place-toggle"
            />
          </Popover>
          {measuring}
        </Space>
        {right}
      </div>
    );
  }

  return (
    <div
      data-testid="map-toolbar"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 8,
        alignItems: 'center',
        pointerEvents: 'none',
      }}
    >
      <Space wrap size={6} style={box}>
        {mapType}
        {variant}
        {showNames}
        {measure}
        {measuring}
        {fit}
        {place}
      </Space>
      {right}
    </div>
  );
}
