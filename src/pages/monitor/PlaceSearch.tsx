import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyModule, useLazyControl } from '../../components/lazy/lazyModule';
import { fetchSuggestions } from './api';

interface Option {
  value: string;
  label: string;
  lng: number;
  lat: number;
}

// antd's AutoComplete is rc-select (about 25 KB gzip): until the box is focused it is a plain
// Input.Search, which the page has anyway (page weight, issue 18).
const realSearch = lazyModule(() => import('./PlaceAutoComplete'));
// The offline gazetteer's loaders (some 35 files) come with the first offline search.
const offlinePlaces = (q: string) => import('./places').then((m) => m.searchOfflinePlaces(q));

/**
 * Place search: the provider's suggestions (POST /map/getSuggestion) when a map key is set,
 * otherwise the offline list of Chinese provinces and cities (./places.ts).
 */
export function PlaceSearch({
  mapType,
  onPick,
}: {
  mapType: string | null;
  onPick(lng: number, lat: number): void;
}) {
  const { t, i18n } = useTranslation('monitor');
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const seq = useRef(0);
  const lazy = useLazyControl(realSearch);

  useEffect(() => {
    const q = text.trim();
    const mine = ++seq.current;
    if (!q) {
      setOptions([]);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(async () => {
      let found: Option[] = [];
      try {
        if (mapType) {
          found = (await fetchSuggestions(q, { language: i18n.language, mapType }, ctrl.signal)).map(
            (s, i) => ({
              value: `${i}:${s.name}`,
              label: s.address ? `${s.name} · ${s.address}` : s.name,
              lng: s.lng,
              lat: s.lat,
            }),
          );
        }
        if (found.length === 0) {
          found = (await offlinePlaces(q)).map((p, i) => ({
            value: `${i}:${p.name}`,
            label: p.parent ? `${p.name} · ${p.parent}` : p.name,
            lng: p.lng,
            lat: p.lat,
          }));
        }
      } catch {
        found = [];
      }
      if (mine === seq.current) setOptions(found);
    }, 250);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [text, mapType, i18n.language]);

  const box = {
    size: 'middle',
    placeholder: t('toolbar.searchPlace'),
    'data-testid': 'place-search',
  } as const;
  if (!lazy.Real) {
    // Typing before AutoComplete has loaded goes into `text`, and the suggestions show once it has.
    return (
      <Input.Search
        {...box}
        style={{ width: 200 }}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPointerEnter={lazy.prefetch}
        onFocus={lazy.open}
      />
    );
  }
  return (
    <lazy.Real.PlaceAutoComplete
      input={<Input.Search {...box} />}
      value={text}
      options={options.map((o) => ({
        value: o.value,
        label: <span data-testid="place-option">{o.label}</span>,
      }))}
      onChange={setText}
      onSelect={(value: string) => {
        const o = options.find((x) => x.value === value);
        if (o) {
          onPick(o.lng, o.lat);
          setText(o.label);
        }
      }}
    />
  );
}
