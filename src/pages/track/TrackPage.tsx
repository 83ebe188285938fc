import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer } from 'antd';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MonitorDevice } from '../../domain/device-view';
import { STAY_MIN_DEFAULT_S } from '../../domain/track/rules';
import { ACCOUNT_ZONE } from '../../domain/time-zone';
import type { MapView } from '../../maps';
import type { FleetMapHandle } from '../../maps/types';
import { PHONE_CONTENT_PADDING } from '../../components/layout/layoutSizes';
import { useIsNarrow, useIsPhone } from '../../hooks/useIsPhone';
import { fetchDevices } from '../monitor/api';
import { MapNotice } from '../../maps/MapNotice';
import { MapTypeSelect } from '../monitor/MapTypeSelect';
import { useMapSetup } from '../monitor/useMapSetup';
import { fetchTrackUsers, type TrackOptions, type TrackRange } from './api';
import { Legend } from './Legend';
import { markersAt, stepTime } from './playback';
import { PlayerBar } from './PlayerBar';
import { QueryPanel } from './QueryPanel';
import { linkedRangeOf, playedSpan, rangeOf, type RangeShortcut } from './ranges';
import { TrackTables } from './TrackTables';
import { usePlayClock } from './usePlayClock';
import { useTracks } from './useTracks';
import { MapLoading } from '../../maps/MapLoading';

// L7 loads with the map routes only.
const TrackMap = lazy(() => import('./TrackMap'));
// The charting library is large: it loads with the first tracks, not with the page.
const SpeedChart = lazy(() => import('./SpeedChart').then((m) => ({ default: m.SpeedChart })));

const DEFAULT_OPTIONS: TrackOptions = {
  hideLbs: false,
  dropJumps: false,
  minStaySeconds: STAY_MIN_DEFAULT_S,
};

/** Track playback (issue 11): up to five vehicles over a range of the last 90 days. */
export default function TrackPage() {
  const { t } = useTranslation(['track', 'monitor']);
  const [params] = useSearchParams();
  // ?terminalID=a,b (the monitor's track action passes one) and optionally &from=&to= (epoch ms).
  const linked = params.get('terminalID')?.split(',').filter(Boolean) ?? [];
  const linkedRange = linkedRangeOf(params.get('from'), params.get('to'));
  const [devices, setDevices] = useState<MonitorDevice[]>([]);
  const [selected, setSelected] = useState<string[]>(linked);
  const [shortcut, setShortcut] = useState<RangeShortcut>(linkedRange ? 'custom' : 'today');
  const [range, setRange] = useState<TrackRange>(
    () => linkedRange ?? rangeOf('today', Date.now(), ACCOUNT_ZONE),
  );
  const [options, setOptions] = useState<TrackOptions>(DEFAULT_OPTIONS);
  const phone = useIsPhone();
  // A tablet keeps the query beside the map, narrower, with the compact player bar.
  const narrow = useIsNarrow();
  const [queryOpen, setQueryOpen] = useState(false);
  const { tracks, loaded, loading, error, query, load, refine, refineView } = useTracks();
  // The chart and the tables render after the map has the tracks.
  const shown = useDeferredValue(loaded);
  const map = useMapSetup();
  const mapRef = useRef<FleetMapHandle>(null);

  useEffect(() => {
    const ac = new AbortController();
    fetchDevices(undefined, ac.signal).then(setDevices, () => {});
    // Opened from the monitor: that device today. Otherwise the remembered selection.
    if (linked.length) load({ terminalIDs: linked, range, options });
    else
      fetchTrackUsers().then(
        (list) => setSelected(list.map((u) => u.terminalID)),
        () => {},
      );
    return () => ac.abort();
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The clock and the chart run from the first fix to the last, not over the range's empty hours.
  const played = useMemo(() => playedSpan(loaded, query?.range ?? range), [loaded, query, range]);
  const stays = useMemo(
    () => loaded.map((tr) => tr.stays.map((s) => ({ start: s.start, end: s.end }))),
    [loaded],
  );
  const clock = usePlayClock(played.from, played.to, stays);

  // The map fits new tracks (once it is up: the tracks may come first).
  const fitTo = useMemo(
    () => loaded.flatMap((tr) => tr.points.lon.map((lon, i) => [lon, tr.points.lat[i]] as const)),
    [loaded],
  );

  // More detail around the play head, a moment after it settles, once the user plays or moves
  // it (not at the start of a fresh load, where it would only compete with the first draw).
  const atStart = clock.t === played.from && !clock.playing;
  useEffect(() => {
    if (atStart) return;
    const timer = setTimeout(() => void refine(clock.t), clock.playing ? 0 : 300);
    return () => clearTimeout(timer);
  }, [refine, clock.t, clock.playing, atStart]);

  // Zoomed in, the points budget goes to the area shown.
  const onView = useCallback((view: MapView) => void refineView(view), [refineView]);

  const markers = useMemo(() => markersAt(tracks, clock.t, devices), [tracks, clock.t, devices]);

  const onStep = useCallback(
    (dir: 1 | -1) => {
      clock.pause();
      const next = stepTime(
        tracks.map((tr) => tr.shape),
        clock.t,
        dir,
      );
      if (next != null) clock.seek(next);
    },
    [clock, tracks],
  );
  // Stable while playing (the clock object is new on every frame), so the tables do not re-render.
  const { pause, seek } = clock;
  const onLocate = useCallback(
    (lng: number, lat: number, at: number) => {
      pause();
      seek(at);
      mapRef.current?.flyTo(lng, lat, 16);
    },
    [pause, seek],
  );
  const onQuery = useCallback(
    () => load({ terminalIDs: selected, range, options }),
    [load, selected, range, options],
  );
  // The page renders on every frame it plays: the controls that do not change are kept as they are.
  const mapTypeSelect = useMemo(
    () => (
      <MapTypeSelect
        drawn={map.drawn}
        onChange={map.setMapType}
        style={{ position: 'absolute', top: 8, right: 8, zIndex: 10 }}
      />
    ),
    [map.drawn, map.setMapType],
  );

  // On a phone the query drawer closes to show the tracks it loads.
  const onQueryAndClose = useCallback(() => {
    setQueryOpen(false);
    onQuery();
  }, [onQuery]);
  const queryPanel = (
    <QueryPanel
      devices={devices}
      selected={selected}
      onSelected={setSelected}
      shortcut={shortcut}
      onShortcut={setShortcut}
      range={range}
      onRange={setRange}
      options={options}
      onOptions={setOptions}
      loading={loading}
      onQuery={onQueryAndClose}
    />
  );
  const mapLayers = (
    <>
      <Suspense fallback={<MapLoading />}>
        <TrackMap ref={mapRef} setup={map} tracks={tracks} markers={markers} fitTo={fitTo} onView={onView} />
      </Suspense>
      {mapTypeSelect}
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          // Below the phone's query button.
          style={{ position: 'absolute', top: phone ? 60 : 8, left: 8, zIndex: 10 }}
          data-testid="track-error"
        />
      )}
      <MapNotice drawn={map.drawn} style={{ left: 8, bottom: 8 }} />
    </>
  );
  const results = (
    <>
      {shown.length > 0 && (
        <Suspense fallback={<div style={{ height: 120 }} />}>
          <SpeedChart tracks={shown} from={played.from} to={played.to} t={clock.t} onSeek={clock.seek} />
        </Suspense>
      )}
      <div style={{ padding: '0 8px 8px' }}>
        <TrackTables
          tracks={shown}
          range={query?.range ?? range}
          options={query?.options ?? options}
          geocoderMapType={map.provider !== 'offline' ? map.mapType : null}
          onLocate={onLocate}
        />
      </div>
    </>
  );
  const playerBar = (compact: boolean) => (
    <PlayerBar
      clock={clock}
      from={played.from}
      to={played.to}
      speed={markers[0]?.speed ?? null}
      onStep={onStep}
      disabled={!tracks.length}
      compact={compact}
    />
  );

  if (phone) {
    // Phone (docs/mobile.md): the map on the upper half, the player bar fixed at the bottom where
    // the thumb is, charts and tables scrolling between; the query opens as a bottom drawer.
    return (
      <div
        data-testid="track-page"
        data-layout="phone"
        style={{ margin: -PHONE_CONTENT_PADDING, paddingBottom: 112 }}
      >
        <div style={{ position: 'relative', height: '50dvh', minHeight: 260 }} data-testid="track-map">
          {mapLayers}
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => setQueryOpen(true)}
            style={{ position: 'absolute', top: 8, left: 8, zIndex: 11, minHeight: 44 }}
            data-testid="query-toggle"
          >
            {t('phone.openQuery')}
          </Button>
        </div>
        {results}
        <div
          style={{
            position: 'fixed',
            left: 0,
            right: 0,
            bottom: 0,
            zIndex: 20,
            background: '#fff',
            boxShadow: '0 -2px 8px rgba(0,0,0,0.12)',
          }}
        >
          {playerBar(true)}
        </div>
        <Drawer
          placement="bottom"
          height="85%"
          open={queryOpen}
          onClose={() => setQueryOpen(false)}
          title={t('phone.openQuery')}
          styles={{ body: { padding: 12 } }}
          data-testid="query-drawer"
        >
          {queryPanel}
          <Legend />
        </Drawer>
      </div>
    );
  }

  return (
    <div
      style={{ display: 'flex', height: 'calc(100vh - 140px)', minHeight: 520, background: '#fff' }}
      data-testid="track-page"
    >
      <aside
        style={{
          width: narrow ? 280 : 320,
          flex: `0 0 ${narrow ? 280 : 320}px`,
          padding: 12,
          overflow: 'auto',
          borderInlineEnd: '1px solid rgba(0,0,0,0.08)',
        }}
      >
        {queryPanel}
        <Legend />
      </aside>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', overflow: 'auto' }}>
        <div style={{ position: 'relative', flex: '1 0 360px' }} data-testid="track-map">
          {mapLayers}
        </div>
        {playerBar(narrow)}
        {results}
      </div>
    </div>
  );
}
