import { DatePicker, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../domain/constants';
import { ZoneNote } from '../ZoneNote';
import { RANGE_SHORTCUTS, shortcutOf, shortcutRange, type DayRange } from './ranges';

interface Props {
  id?: string;
  value?: DayRange;
  onChange?: (value: DayRange | undefined) => void;
  /** Longest range offered (days); longer picks are refused by the field's rule. */
  maxDays?: number;
  /** An optional range may be cleared. */
  allowClear?: boolean;
  /** i18n namespace holding `ranges.week`, `ranges.month` and `ranges.threeMonths`. */
  namespace: string;
}

/**
 * Whole days of the account zone (named beside the picker), picked or chosen by a shortcut
 * (1 week, 1 month, 3 months, all ending the account's today).
 */
export function DateRangeInput({ id, value, onChange, maxDays, allowClear, namespace }: Props) {
  const { t } = useTranslation();
  const now = Date.now();
  const today = dayjs(shortcutRange('week', now)[1]);
  const current = shortcutOf(value, now);
  return (
    <Space wrap size={8} data-testid="date-range">
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={current}
        onChange={(e) => onChange?.(shortcutRange(e.target.value, Date.now()))}
        options={RANGE_SHORTCUTS.map((s) => ({ value: s, label: t(`${namespace}:ranges.${s}`) }))}
        data-testid="range-shortcuts"
      />
      <DatePicker.RangePicker
        id={id}
        allowClear={allowClear}
        format={DATE_FORMAT}
        value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
        disabledDate={(d: Dayjs, info) => {
          if (d.isAfter(today, 'day')) return true;
          const from = info?.from;
          return Boolean(maxDays && from && Math.abs(d.diff(from, 'day')) >= maxDays);
        }}
        onChange={(v) => {
          const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
          onChange?.(a && b ? [a.format(DATE_FORMAT), b.format(DATE_FORMAT)] : undefined);
        }}
      />
      <ZoneNote />
    </Space>
  );
}
