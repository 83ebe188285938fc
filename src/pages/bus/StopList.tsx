import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusStopInput } from '../../domain/area/bus';
import { BUS_STOP_RADIUS_MAX, BUS_STOP_RADIUS_MIN } from '../../domain/constants';
import { clampStopRadius, moveStop, removeStop, updateStop } from '../../domain/area/stops';

interface Props {
  stops: readonly BusStopInput[];
  onChange(stops: BusStopInput[]): void;
  readOnly?: boolean;
}

/** The route's stops in order: name and radius editable, moved up or down, removed. */
export function StopList({ stops, onChange, readOnly }: Props) {
  const { t } = useTranslation('area');
  if (!stops.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bus.noStops')} />;
  return (
    <ol style={{ margin: 0, paddingInlineStart: 22 }} data-testid="stop-list">
      {stops.map((s, i) => (
        <li key={i} style={{ marginBottom: 8 }} data-testid={`stop-${i}`}>
          <Space size={2} wrap>
            <Input
              size="small"
              value={s.name}
              maxLength={64}
              disabled={readOnly}
              status={s.name.trim() ? undefined : 'error'}
              aria-label={t('fields.stopName')}
              onChange={(e) => onChange(updateStop(stops, i, { name: e.target.value }))}
              style={{ width: 130 }}
              data-testid={`stop-name-${i}`}
            />
            <InputNumber
              size="small"
              value={s.radius}
              min={BUS_STOP_RADIUS_MIN}
              max={BUS_STOP_RADIUS_MAX}
              disabled={readOnly}
              addonAfter="m"
              aria-label={t('fields.radius')}
              onChange={(v) => onChange(updateStop(stops, i, { radius: clampStopRadius(v) }))}
              style={{ width: 110 }}
              data-testid={`stop-radius-${i}`}
            />
            {!readOnly && (
              <>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('bus.up')} onClick={() => onChange(moveStop(stops, i, -1))} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === stops.length - 1} aria-label={t('bus.down')} onClick={() => onChange(moveStop(stops, i, 1))} />
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} onClick={() => onChange(removeStop(stops, i))} data-testid={`stop-remove-${i}`} />
              </>
            )}
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {s.lat.toFixed(5)}, {s.lon.toFixed(5)}
          </Typography.Text>
        </li>
      ))}
    </ol>
  );
}
