import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { instantOf } from '../../domain/date-format';
import { fromPicker, toPicker } from '../../lib/zonedPicker';

interface Props {
  id?: string;
  /** An instant as ISO text, epoch ms, a Date or a picker value. */
  value?: unknown;
  onChange?: (value: string | null) => void;
  showTime?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
}

const msOf = (v: unknown): number | null =>
  v && typeof v === 'object' && 'valueOf' in v && !(v instanceof Date)
    ? instantOf(Number((v as Dayjs).valueOf()))
    : instantOf(v as string | number | Date | null | undefined);

/**
 * A date (or date and time) field on the account's clock: the picker shows and picks the
 * account zone's wall clock, and the form holds the instant as ISO text (a day is its midnight
 * in the account zone, the day the statistics and lists mean).
 */
export function ZonedDateInput({ id, value, onChange, showTime, placeholder, style }: Props) {
  const ms = msOf(value);
  return (
    <DatePicker
      id={id}
      showTime={showTime}
      placeholder={placeholder}
      style={style}
      value={ms === null ? null : toPicker(ms)}
      onChange={(d: Dayjs | null) => onChange?.(d ? new Date(fromPicker(d)).toISOString() : null)}
    />
  );
}
