import { ColumnWidthOutlined, ExpandOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Segmented, Select, Space, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_TYPES, type MapType } from '../../domain/codes';
import { formatDistance } from '../../maps/distance';
import type { DistanceUnit, MapVariant } from '../../maps/types';
import { PlaceSearch } from './PlaceSearch';

interface Props {
  mapType: MapType;
  onMapType(t: MapType): void;
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
}

/** The toolbar over the map (issue 4, item 5 and the map switches). */
export function MapToolbar(p: Props) {
  const { t } = useTranslation('monitor');
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
      <Space
        wrap
        size={6}
        style={{ pointerEvents: 'auto', background: 'rgba(255,255,255,0.92)', padding: 6, borderRadius: 8 }}
      >
        <Select
          size="middle"
          value={p.mapType}
          onChange={p.onMapType}
          options={MAP_TYPES.map((m) => ({ value: m, label: t(`mapType.${m}`) }))}
          style={{ width: 104 }}
          data-testid="map-type"
        />
        <Segmented
          value={p.variant}
          onChange={(v) => p.onVariant(v as MapVariant)}
          options={[
            { value: 'normal', label: t('toolbar.normal') },
            { value: 'satellite', label: t('toolbar.satellite') },
          ]}
        />
        <Space size={4}>
          <Switch size="small" checked={p.showNames} onChange={p.onShowNames} data-testid="show-names" />
          <Typography.Text>{t('toolbar.showNames')}</Typography.Text>
        </Space>
        <Tooltip title={t('toolbar.measureHelp')}>
          <Button
            icon={<ColumnWidthOutlined />}
            type={p.measure.active ? 'primary' : 'default'}
            onClick={() => p.onMeasure({ ...p.measure, active: !p.measure.active })}
            data-testid="measure"
          >
            {t('toolbar.measure')}
          </Button>
        </Tooltip>
        {p.measure.active && (
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
        )}
        <Button icon={<ExpandOutlined />} onClick={p.onFit} title={t('toolbar.fit')} data-testid="fit" />
        <PlaceSearch mapType={p.placeMapType} onPick={p.onPlace} />
      </Space>
      <Space
        size={6}
        style={{
          pointerEvents: 'auto',
          marginInlineStart: 'auto',
          background: 'rgba(255,255,255,0.92)',
          padding: 6,
          borderRadius: 8,
        }}
      >
        {p.bell}
        <Tooltip title={t('toolbar.refreshIn', { seconds: p.countdown })}>
          <Button icon={<ReloadOutlined />} onClick={p.onRefresh} data-testid="refresh">
            <span data-testid="countdown">{p.countdown}</span>
          </Button>
        </Tooltip>
      </Space>
    </div>
  );
}
