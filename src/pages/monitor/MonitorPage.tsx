import { Alert, Drawer } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '../../../config/roles';
import { abilityFor, can } from '../../domain/ability';
import { useIsNarrow, useIsPhone } from '../../hooks/useIsPhone';
import { useSessionUser } from '../../hooks/useSession';
import { PHONE_CONTENT_PADDING, PHONE_HEADER_HEIGHT } from '../../components/layout/layoutSizes';
import type { DistanceUnit, FleetMapHandle } from '../../maps/types';
import { getToken } from '../../providers/session';
import { AgentSelect } from './AgentSelect';
import { AlarmBell } from './AlarmBell';
import { AlarmNoticeLayer } from './AlarmNoticeLayer';
import { publishRendered } from './benchHooks';
import { DeviceList } from './DeviceList';
import { DeviceSheet } from './DeviceSheet';
import { MapNotice } from './MapNotice';
import { MapToolbar } from './MapToolbar';
import { MonitorMap } from './MonitorMap';
import type { ListOrder } from '../../domain/list-order';
import { readListOrder, readShowNames, writeListOrder, writeShowNames } from './settings';
import { peekHeight, type SheetState } from './sheetSnap';
import {
  useCountdown,
  useMonitorData,
  useNow,
  useSelectedAccount,
  useSelectedDevice,
} from './useMonitorData';
import { useMapSetup } from './useMapSetup';
import { usePanelActions } from './usePanelActions';
import { useTrail } from './useTrail';

// Loaded with the first selection: its descriptions and actions are not needed for the first paint.
const DevicePanel = lazy(() => import('./DevicePanel').then((m) => ({ default: m.DevicePanel })));

/** Seconds between the home page's REST refreshes (spec section 9: a countdown, value not given). */
export const REFRESH_SECONDS = 30;
/**
 * The monitor (home page): device list on the left, live map with toolbar and device panel. On a
 * phone (docs/mobile.md) the map fills the screen, the list is a bottom sheet and the panel a drawer.
 */
export default function MonitorPage() {
  const { t } = useTranslation('monitor');
  const user = useSessionUser();
  const canPickAccount = useMemo(() => can(abilityFor(user), PERMISSIONS.agentList), [user]);
  const canRenew = useMemo(() => can(abilityFor(user), PERMISSIONS.orderPay), [user]);
  const [accountId, setAccountId] = useSelectedAccount();
  // The list order the user chose, kept per user (issue 32).
  const [order, setOrder] = useState<ListOrder>(() => readListOrder(user?.id));
  const data = useMonitorData(getToken(), canPickAccount ? accountId : undefined, order);
  const { store, version } = data;
  const chooseOrder = useCallback(
    (o: ListOrder) => {
      setOrder(o);
      store.setOrder(o);
      writeListOrder(user?.id, o);
    },
    [store, user?.id],
  );
  const current = useCallback((id: number) => store.devices.get(id), [store]);
  const [tid, setTid] = useSelectedDevice();
  const map = useMapSetup();
  const mapRef = useRef<FleetMapHandle>(null);
  // Durations on screen and time-dependent icons (a fix older than 60 s means stopped).
  const now = useNow(10_000);
  const [showNames, setShowNames] = useState(readShowNames);
  const [measure, setMeasure] = useState<{ active: boolean; unit: DistanceUnit }>({
    active: false,
    unit: 'metric',
  });
  const [measured, setMeasured] = useState<number | null>(null);
  const [following, setFollowing] = useState(false);
  const countdown = useCountdown(REFRESH_SECONDS, data.reload);
  const listReady = useRef(false);
  const phone = useIsPhone();
  // A tablet keeps the list beside the map, narrower, so the map keeps half the width.
  const listWidth = useIsNarrow() ? 280 : 340;
  const [sheet, setSheet] = useState<SheetState>('peek');
  // Alarm notices live in the map (AlarmNoticeLayer), clear of the list and of the desktop panel.
  const noticeRoot = useRef<HTMLDivElement>(null);
  const [noticeRoom, setNoticeRoom] = useState(0);

  const selectedId = store.idOf(tid);
  const selected = selectedId != null ? store.devices.get(selectedId) : undefined;
  const ordered = useMemo(() => store.getOrdered(), [store, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const trail = useTrail(selected);

  const select = useCallback(
    (id: number, fly: boolean) => {
      const d = store.devices.get(id);
      if (!d) return;
      setTid(d.terminalID);
      setFollowing(false);
      if (fly && d.location) mapRef.current?.flyTo(d.location.lon, d.location.lat);
    },
    [store, setTid],
  );
  const onRowSelect = useCallback(
    (id: number) => {
      // On a phone the sheet gets out of the way so the map can show where the device is.
      setSheet('peek');
      select(id, true);
    },
    [select],
  );
  const closePanel = () => {
    setTid(undefined);
    setFollowing(false);
  };
  const onMarkerSelect = useCallback((id: number) => select(id, false), [select]);

  const onRowsRendered = useCallback(() => {
    listReady.current = true;
    // The map may have drawn first; the list completes the picture.
    const w = window.__monitor;
    if (w) publishRendered(w.markers, store.devices.size, w.renderedAt);
  }, [store]);

  const streetView = map.provider === 'google';
  const onAction = usePanelActions(selected, { streetView, toggleFollow: () => setFollowing((f) => !f) });

  const list = (
    <>
      {canPickAccount && user && (
        <AgentSelect
          rootId={user.id}
          value={accountId}
          onChange={(id) => {
            setAccountId(id);
            setTid(undefined);
          }}
        />
      )}
      <DeviceList
        ordered={ordered}
        order={order}
        onOrder={chooseOrder}
        current={current}
        version={version}
        orderVersion={store.getOrderVersion()}
        loading={!data.loaded}
        selectedId={selectedId}
        onSelect={onRowSelect}
        onRowsRendered={onRowsRendered}
      />
    </>
  );
  const panel = selected && (
    <Suspense fallback={null}>
      <DevicePanel
        device={selected}
        now={now}
        geocoderMapType={map.provider !== 'offline' ? map.mapType : null}
        streetView={streetView}
        following={following}
        canRenew={canRenew}
        onAction={onAction}
        onClose={closePanel}
        phone={phone}
      />
    </Suspense>
  );
  // The map with its notices and toolbar; `noticeBottom` keeps them above the phone's sheet.
  const mapArea = (noticeBottom: number, below?: ReactNode) => (
    <>
      <MonitorMap
        ref={mapRef}
        store={store}
        version={version}
        now={now}
        listReady={() => listReady.current}
        provider={map.provider}
        variant={map.variant}
        mapKey={map.mapKey}
        basemap={map.basemap}
        selectedId={selectedId}
        follow={following}
        trail={trail}
        showLabels={showNames}
        measure={measure}
        onSelect={onMarkerSelect}
        onProviderFailed={map.providerFailed}
        onMeasure={setMeasured}
      />
      <MapNotice drawn={map.drawn} style={{ left: 8, bottom: noticeBottom }} />
      {data.error && (
        <Alert
          type="error"
          showIcon
          message={t('list.loadFailed')}
          style={{ position: 'absolute', left: 8, bottom: noticeBottom + 40, zIndex: 10 }}
        />
      )}
      {/* Toolbar and panel in one column, so the panel always sits below the toolbar however it wraps. */}
      <div
        style={{
          position: 'absolute',
          top: 8,
          left: 8,
          right: 8,
          bottom: noticeBottom + 40,
          zIndex: 10,
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          pointerEvents: 'none',
        }}
      >
        <MapToolbar
          drawn={map.drawn}
          onMapType={map.setMapType}
          variant={map.variant}
          onVariant={map.setVariant}
          showNames={showNames}
          onShowNames={(on) => {
            setShowNames(on);
            writeShowNames(on);
          }}
          measure={measure}
          onMeasure={(m) => {
            setMeasure(m);
            if (!m.active) setMeasured(null);
          }}
          measured={measured}
          onFit={() => mapRef.current?.fitAll()}
          onPlace={(lng, lat) => mapRef.current?.flyTo(lng, lat, 11)}
          placeMapType={map.provider !== 'offline' ? map.mapType : null}
          countdown={countdown}
          onRefresh={data.reload}
          bell={
            <AlarmBell
              store={store}
              // "Show device" brings it into view, like a row of the list: it may be off the map.
              onOpenDevice={onRowSelect}
              phone={phone}
              panelOpen={!!selected}
              noticeRoom={noticeRoom}
              noticeRoot={noticeRoot}
            />
          }
          phone={phone}
        />
        {below}
      </div>
      {/* The desktop panel is 340 px wide at the map's right edge (8 px), plus a gap. */}
      <AlarmNoticeLayer ref={noticeRoot} clearRight={!phone && selected ? 356 : 0} onWidth={setNoticeRoom} />
    </>
  );

  if (phone) {
    const peek = peekHeight(canPickAccount);
    return (
      <div
        data-testid="monitor-page"
        data-layout="phone"
        style={{
          position: 'relative',
          // Full screen under the header: ThemedLayout's content padding is taken back.
          margin: -PHONE_CONTENT_PADDING,
          height: `calc(100dvh - ${PHONE_HEADER_HEIGHT}px)`,
          overflow: 'hidden',
          background: '#fff',
        }}
      >
        <div style={{ position: 'absolute', inset: 0 }} data-testid="monitor-map">
          {mapArea(peek + 8)}
        </div>
        <DeviceSheet state={sheet} onState={setSheet} peek={peek}>
          {list}
        </DeviceSheet>
        <Drawer
          placement="bottom"
          open={!!selected}
          onClose={closePanel}
          mask={false}
          closable={false}
          height="auto"
          styles={{
            body: { padding: 0, maxHeight: '45dvh', overflow: 'auto' },
            wrapper: { boxShadow: '0 -4px 16px rgba(0,0,0,0.18)' },
          }}
          rootStyle={{ position: 'absolute' }}
          getContainer={false}
          data-testid="panel-drawer"
        >
          {panel}
        </Drawer>
      </div>
    );
  }

  return (
    <div
      style={{ display: 'flex', height: 'calc(100vh - 140px)', minHeight: 420, background: '#fff' }}
      data-testid="monitor-page"
    >
      <aside
        style={{
          width: listWidth,
          flex: `0 0 ${listWidth}px`,
          display: 'flex',
          flexDirection: 'column',
          borderInlineEnd: '1px solid rgba(0,0,0,0.08)',
        }}
      >
        {list}
      </aside>
      {/* Hidden overflow: markers near the edge must not draw over the page beside the map. */}
      <div
        style={{ flex: 1, position: 'relative', minWidth: 0, overflow: 'hidden' }}
        data-testid="monitor-map"
      >
        {mapArea(
          8,
          selected && (
            <div style={{ alignSelf: 'flex-end', pointerEvents: 'auto', overflow: 'auto', minHeight: 0 }}>
              {panel}
            </div>
          ),
        )}
      </div>
    </div>
  );
}
