import { useTranslation } from 'react-i18next';
import { lazyModule, useLazyControl } from '../../components/lazy/lazyModule';
import { SelectLookalike } from '../../components/lazy/SelectLookalike';
import { MAP_TYPES, type MapType } from '../../domain/codes';

// antd's Select (rc-select and rc-virtual-list, about 25 KB gzip) loads when the select is used;
// the toolbar's first paint shows a look-alike (page weight, issue 18).
const realSelect = lazyModule(() => import('./MapTypeSelectReal'));
const WIDTH = 104;

/** The map type (street map provider) select of the toolbar. */
export function MapTypeSelect({ value, onChange }: { value: MapType; onChange(t: MapType): void }) {
  const { t } = useTranslation('monitor');
  const lazy = useLazyControl(realSelect);
  const options = MAP_TYPES.map((m) => ({ value: m, label: t(`mapType.${m}`) }));
  if (lazy.Real)
    return <lazy.Real.MapTypeSelectReal value={value} onChange={onChange} options={options} width={WIDTH} />;
  return (
    <SelectLookalike
      data-testid="map-type"
      label={t(`mapType.${value}`)}
      style={{ width: WIDTH }}
      onPrefetch={lazy.prefetch}
      onOpen={lazy.open}
    />
  );
}
