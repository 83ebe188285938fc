import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { wheelCell, wheelNameKey, type TireWheel } from './tireView';
import { formatDateTime } from '../../domain/date-format';

const COLORS: Record<string, string> = { normal: 'green', high: 'red', low: 'orange', airLeak: 'red' };

const value = (v: number | null, unit: string) => (v == null ? '—' : `${v} ${unit}`);

/** One wheel: its reading and the four states of spec section 3, red-edged when one is not normal. */
export function WheelCard({ wheel, columns, wheels }: { wheel: TireWheel; columns: 2 | 4; wheels: number }) {
  const { t } = useTranslation('tire');
  const cell = wheelCell(wheel.position, columns);
  const state = (kind: keyof TireWheel['states']) => (
    <Tag color={COLORS[wheel.states[kind]]} data-testid={`tire-${kind}`}>
      {t(`state.${kind}.${wheel.states[kind]}`)}
    </Tag>
  );
  return (
    <Card
      size="small"
      data-testid="tire-wheel"
      data-abnormal={wheel.abnormal}
      title={t(wheelNameKey(wheel.position, wheels), { n: wheel.position + 1 })}
      extra={
        <span style={{ fontSize: 12, color: '#8c8c8c' }}>{formatDateTime(wheel.time, 'monthDayMinute')}</span>
      }
      style={{
        gridRow: cell.row,
        gridColumn: cell.column,
        borderColor: wheel.abnormal ? '#ff4d4f' : undefined,
      }}
    >
      <Descriptions size="small" column={1} colon={false}>
        <Descriptions.Item label={t('pressure')}>
          <span data-testid="tire-pressure-value">{value(wheel.pressureKpa, 'kPa')}</span>&nbsp;
          {state('pressure')}
        </Descriptions.Item>
        <Descriptions.Item label={t('temperature')}>
          {value(wheel.temperatureC, '°C')}&nbsp;{state('temperature')}
        </Descriptions.Item>
        <Descriptions.Item label={t('battery')}>
          {value(wheel.batteryPct, '%')}&nbsp;{state('battery')}
        </Descriptions.Item>
        <Descriptions.Item label={t('status')}>{state('status')}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
