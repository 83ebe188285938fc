import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, DatePicker, InputNumber, Radio, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isDemo } from '../../../config/roles';
import { TRACK_MAX_DEVICES } from '../../domain/constants';
import { displayName, type MonitorDevice } from '../../domain/device-view';
import { STAY_MAX_S, STAY_MIN_S } from '../../domain/track/rules';
import { ACCOUNT_ZONE } from '../../domain/time-zone';
import { ZoneNote } from '../../components/ZoneNote';
import { fromPicker, toPicker } from '../../lib/zonedPicker';
import { useSessionUser } from '../../hooks/useSession';
import { errorText } from '../../i18n/errorText';
import { DEVICE_COLORS } from '../../maps/trackStyle';
import { saveTrackUsers, type TrackOptions, type TrackRange } from './api';
import { rangeOf, type RangeShortcut } from './ranges';

interface Props {
  devices: readonly MonitorDevice[];
  selected: string[];
  onSelected(ids: string[]): void;
  shortcut: RangeShortcut;
  onShortcut(s: RangeShortcut): void;
  range: TrackRange;
  onRange(r: TrackRange): void;
  options: TrackOptions;
  onOptions(o: TrackOptions): void;
  loading: boolean;
  onQuery(): void;
}

/** The shortcuts shown as buttons; a range picked by hand is 'custom' (no button lit). */
const SHORTCUTS: RangeShortcut[] = ['today', 'yesterday', 'last7Days'];

/** Devices (up to five), the range and the options of a playback. Memoised: the page renders on every frame it plays. */
export const QueryPanel = memo(function QueryPanel(p: Props) {
  const { t } = useTranslation('track');
  const { message } = App.useApp();
  const user = useSessionUser();
  const options = useMemo(
    () => p.devices.map((d) => ({ value: d.terminalID, label: `${displayName(d)} (${d.terminalID})` })),
    [p.devices],
  );

  // Saves go to the server one after another, in the order picked.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const select = (ids: string[]) => {
    const previous = p.selected;
    if (ids.length > TRACK_MAX_DEVICES && user && isDemo(user)) {
      message.error(t('errors:trackTooManyDevices'));
      return;
    }
    // Shown at once: a pick made while the last one is still being saved builds on it (waiting
    // for the server first lost it on a slow answer).
    p.onSelected(ids);
    if (!user || isDemo(user)) return;
    // The server keeps the selection and refuses a sixth device with the spec's message.
    saving.current = saving.current.then(() =>
      saveTrackUsers(ids).catch((e) => {
        message.error(errorText(e));
        p.onSelected(previous);
      }),
    );
  };

  return (
    <Space direction="vertical" size={10} style={{ width: '100%' }} data-testid="track-query">
      <Typography.Text strong>{t('devices', { max: TRACK_MAX_DEVICES })}</Typography.Text>
      <Select
        mode="multiple"
        data-testid="track-devices"
        value={p.selected}
        options={options}
        onChange={select}
        optionFilterProp="label"
        placeholder={t('pickDevices')}
        style={{ width: '100%' }}
        tagRender={({ value, label, closable, onClose }) => (
          <Tag
            color={DEVICE_COLORS[p.selected.indexOf(String(value))] ?? 'default'}
            closable={closable}
            onClose={onClose}
            onMouseDown={(e) => e.preventDefault()}
            style={{ marginInlineEnd: 4 }}
          >
            {label}
          </Tag>
        )}
      />
      <Radio.Group
        data-testid="track-shortcuts"
        optionType="button"
        size="small"
        value={p.shortcut}
        options={SHORTCUTS.map((s) => ({ value: s, label: t(`range.${s}`) }))}
        onChange={(e) => {
          const s = e.target.value as RangeShortcut;
          p.onShortcut(s);
          p.onRange(rangeOf(s, Date.now(), ACCOUNT_ZONE));
        }}
      />
      <DatePicker.RangePicker
        data-testid="track-range"
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        allowClear={false}
        value={[toPicker(p.range.from), toPicker(p.range.to)]}
        onChange={(v) => {
          const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
          if (!a || !b) return;
          p.onShortcut('custom');
          p.onRange({ from: fromPicker(a), to: fromPicker(b) });
        }}
        style={{ width: '100%' }}
      />
      <ZoneNote style={{ marginTop: -6 }} />
      <Checkbox
        checked={p.options.hideLbs}
        onChange={(e) => p.onOptions({ ...p.options, hideLbs: e.target.checked })}
      >
        {t('options.hideLbs')}
      </Checkbox>
      <Checkbox
        checked={p.options.dropJumps}
        onChange={(e) => p.onOptions({ ...p.options, dropJumps: e.target.checked })}
      >
        {t('options.dropJumps')}
      </Checkbox>
      <Space>
        <span>{t('options.minStay')}</span>
        <InputNumber
          size="small"
          min={STAY_MIN_S / 60}
          max={STAY_MAX_S / 60}
          value={p.options.minStaySeconds / 60}
          onChange={(v) => v && p.onOptions({ ...p.options, minStaySeconds: Math.round(v * 60) })}
          addonAfter={t('minutes')}
          style={{ width: 130 }}
        />
      </Space>
      <Button
        type="primary"
        block
        icon={<SearchOutlined />}
        loading={p.loading}
        disabled={!p.selected.length}
        onClick={p.onQuery}
        data-testid="track-query-button"
      >
        {t('query')}
      </Button>
    </Space>
  );
});
