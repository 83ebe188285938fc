import { Select } from 'antd';
import type { MapType } from '../../domain/codes';

/** The map type select's real control, loaded when first used (MapTypeSelect.tsx). */
export function MapTypeSelectReal(p: {
  value: MapType;
  onChange(t: MapType): void;
  options: { value: MapType; label: string }[];
  width: number;
}) {
  return (
    <Select
      size="middle"
      value={p.value}
      onChange={p.onChange}
      options={p.options}
      style={{ width: p.width }}
      data-testid="map-type"
      // Mounted when the look-alike was clicked or opened from the keyboard.
      defaultOpen
      autoFocus
    />
  );
}
