import { Select } from 'antd';
import type { CSSProperties } from 'react';
import type { MapChoice } from '../../domain/codes';

/** The map type select's real control, loaded when first used (MapTypeSelect.tsx). */
export function MapTypeSelectReal(p: {
  value: MapChoice;
  onChange(t: MapChoice): void;
  options: { value: MapChoice; label: string }[];
  style: CSSProperties;
}) {
  return (
    <Select
      size="middle"
      value={p.value}
      onChange={p.onChange}
      options={p.options}
      style={p.style}
      popupMatchSelectWidth={false}
      data-testid="map-type"
      // Mounted when the look-alike was clicked or opened from the keyboard.
      defaultOpen
      autoFocus
    />
  );
}
