import { EnvironmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupAddress } from '../../pages/monitor/address';
import { fetchMapDefaults } from '../../pages/monitor/api';
import { readMapType } from '../../pages/monitor/settings';
import { brand } from '../../providers/publicConfig';
import { request } from '../../providers/http';
import type { AddressLookup } from '../../resources/types';

/**
 * The geocoder to ask: the user's map provider when it has a key, else the offline lookup.
 * The setting's keyed map types say so without asking getKey for a type that has none.
 */
async function geocoderMapType(): Promise<string | null> {
  const { defaultMapType, keyed } = await fetchMapDefaults();
  const mapType = readMapType() ?? defaultMapType ?? brand().mapType;
  return keyed.some((k) => k === mapType) ? mapType : null;
}

/**
 * A stored address, or a button that looks the row's position up (as the monitor does) and
 * saves the answer with the row (saveAlarmAddress), so it is looked up once per row.
 */
export function AddressCell({
  value,
  row,
  lookup,
}: {
  value: unknown;
  row: Record<string, unknown>;
  lookup: AddressLookup;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState<string | null>(typeof value === 'string' && value ? value : null);
  const [busy, setBusy] = useState(false);
  const lat = row[lookup.lat];
  const lon = row[lookup.lon];
  if (text) return <>{text}</>;
  if (typeof lat !== 'number' || typeof lon !== 'number') return <>-</>;
  const show = async () => {
    setBusy(true);
    try {
      const address = await lookupAddress(lat, lon, await geocoderMapType(), i18n.language);
      setText(address ?? t('track:noAddress'));
      if (address)
        await request(lookup.save, { [lookup.idParam]: row[lookup.idFrom], address }).catch(() => {});
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      type="link"
      icon={<EnvironmentOutlined />}
      loading={busy}
      data-testid="show-address"
      onClick={(e) => {
        e.stopPropagation();
        void show();
      }}
    >
      {t('track:showAddress')}
    </Button>
  );
}
