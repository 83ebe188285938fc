import { SearchOutlined, SortAscendingOutlined, SyncOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Empty, Input, Segmented, Select, Spin } from 'antd';
import type { TFunction } from 'i18next';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_MENU_TYPE } from '../../domain/codes';
import {
  displayName,
  expiryBadge,
  filterDevices,
  tabCounts,
  type DeviceTab,
  type MonitorDevice,
} from '../../domain/device-view';
import { keepPositions, LIST_ORDERS, mayReorder, sameOrder, type ListOrder } from '../../domain/list-order';
import { runStateOf } from '../../domain/run-state';
import { expiryBadgeText, runStateColor, runStateText } from './texts';
import { useNow } from './useMonitorData';

const ROW_HEIGHT = 56;
// The colours of antd's red, orange and gold tags, without a Tag component per row.
const BADGE_CSS = `
.monitor-badge { font-size: 12px; line-height: 18px; padding: 0 6px; border-radius: 4px; border: 1px solid; white-space: nowrap; }
.monitor-badge-expired { color: #cf1322; background: #fff1f0; border-color: #ffa39e; }
.monitor-badge-within7Days { color: #d46b08; background: #fff7e6; border-color: #ffd591; }
.monitor-badge-within60Days { color: #d48806; background: #fffbe6; border-color: #ffe58f; }
`;
const TABS: { tab: DeviceTab; key: string }[] = [
  { tab: DEVICE_MENU_TYPE.all, key: 'all' },
  { tab: DEVICE_MENU_TYPE.online, key: 'online' },
  { tab: DEVICE_MENU_TYPE.offline, key: 'offline' },
  { tab: DEVICE_MENU_TYPE.inactive, key: 'inactive' },
];

interface Props {
  /** The whole list in the chosen order (the store's, at most RESORT_MS old). */
  ordered: readonly MonitorDevice[];
  order: ListOrder;
  onOrder(order: ListOrder): void;
  /** The latest data of a device (the store's), for rows kept in place. */
  current(id: number): MonitorDevice | undefined;
  /** Changes whenever device data changed (the store version). */
  version: number;
  /** Changes whenever the list was sorted again (DeviceStore.getOrderVersion). */
  orderVersion: number;
  loading: boolean;
  selectedId?: number;
  onSelect(id: number): void;
  /** Called after rows are on screen (the benchmark waits for it). */
  onRowsRendered(): void;
}

/** Tabs with counts, search, and the virtualized rows: only visible rows exist in the DOM. */
export function DeviceList({
  ordered,
  order,
  onOrder,
  current,
  version,
  orderVersion,
  loading,
  selectedId,
  onSelect,
  onRowsRendered,
}: Props) {
  const { t } = useTranslation('monitor');
  const [tab, setTab] = useState<DeviceTab>(DEVICE_MENU_TYPE.all);
  const [query, setQuery] = useState('');
  const now = useNow(10_000);
  // With `now`: a device that expires while the page is open moves to the offline tab.
  // Counted again when the order is (a state change resorts it within RESORT_MS), not on every
  // flush of positions, which do not move a device between tabs: 50,000 devices made it costly.
  const counts = useMemo(() => tabCounts(ordered, now), [orderVersion, now]); // eslint-disable-line react-hooks/exhaustive-deps
  const fresh = useMemo(
    // The "all" tab without a search is the whole list: no copy of 50,000 rows per flush.
    () => (tab === DEVICE_MENU_TYPE.all && !query.trim() ? ordered : filterDevices(ordered, tab, query, now)),
    [ordered, tab, query, now],
  );
  // Rows never move under the user's hand (issue 32): while a pointer is over the rows or they
  // are scrolled, live updates change rows in place and the new order waits. Another tab, search
  // or order, or "Sort now", is the user's own action and applies at once.
  const [pointerOver, setPointerOver] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const [sortAsked, setSortAsked] = useState(0);
  const held = !mayReorder({ pointerOver, scrollTop: scrolled ? 1 : 0 });
  const explicit = `${tab}\n${query}\n${order}\n${sortAsked}`;
  const shown = useRef<{ rows: MonitorDevice[]; explicit: string } | null>(null);
  const rows = useMemo(() => {
    const prev = shown.current;
    if (!held || !prev || prev.explicit !== explicit) return fresh as MonitorDevice[];
    return keepPositions(prev.rows, fresh, current);
  }, [fresh, held, explicit, current]);
  useLayoutEffect(() => {
    shown.current = { rows, explicit };
  }, [rows, explicit]);
  const behind = held && !sameOrder(rows, fresh);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  useEffect(() => {
    if (!loading) onRowsRendered();
  }, [version, rows, loading, onRowsRendered]);

  // Keep the selected device in view when it is chosen on the map.
  useEffect(() => {
    if (selectedId == null) return;
    const i = rows.findIndex((d) => d.id === selectedId);
    if (i >= 0) virtualizer.scrollToIndex(i, { align: 'auto' });
    // Only on a new selection, not on every data change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      data-testid="device-list"
    >
      <style>{BADGE_CSS}</style>
      {/* Four equal segments fit the 340 px panel in every language, unlike scrolling tabs. */}
      <Segmented
        block
        size="small"
        value={tab}
        onChange={(v) => setTab(v as DeviceTab)}
        style={{ margin: '8px 8px 0' }}
        options={TABS.map(({ tab: v, key }) => ({
          value: v,
          label: (
            <div
              data-testid={`tab-${key}`}
              title={t(`tabs.${key}`)}
              style={{ lineHeight: 1.3, padding: '2px 0' }}
            >
              <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', fontSize: 12 }}>
                {t(`tabs.${key}`)}
              </div>
              <div data-testid={`count-${key}`} style={{ fontWeight: 600 }}>
                {counts[v]}
              </div>
            </div>
          ),
        }))}
      />
      <div style={{ display: 'flex', gap: 6, margin: 8 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('list.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="device-search"
        />
        <Select
          value={order}
          onChange={onOrder}
          prefix={<SortAscendingOutlined />}
          aria-label={t('list.order')}
          title={t('list.order')}
          popupMatchSelectWidth={false}
          style={{ flex: '0 0 auto', maxWidth: '46%' }}
          data-testid="list-order"
          options={LIST_ORDERS.map((o) => ({
            value: o,
            label: <span data-testid={`order-${o}`}>{t(`list.orders.${o}`)}</span>,
          }))}
        />
      </div>
      {/* The pill floats over the rows: a bar pushing them down would move them under the pointer.
          The pointer is watched here, around both: on the rows alone, reaching for the pill would
          leave them, and the list would sort as the pill vanished under the click. */}
      <div
        style={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex', flexDirection: 'column' }}
        onPointerEnter={() => setPointerOver(true)}
        onPointerLeave={() => setPointerOver(false)}
      >
        {behind && (
          <Button
            size="small"
            shape="round"
            icon={<SyncOutlined />}
            title={t('list.orderHeld')}
            onClick={() => {
              setSortAsked((n) => n + 1);
              if (scrollRef.current) scrollRef.current.scrollTop = 0;
            }}
            style={{
              position: 'absolute',
              bottom: 8,
              left: '50%',
              transform: 'translateX(-50%)',
              zIndex: 2,
              boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
            }}
            data-testid="sort-now"
          >
            {t('list.sortNow')}
          </Button>
        )}
        <div
          ref={scrollRef}
          style={{ flex: 1, overflow: 'auto', position: 'relative' }}
          data-testid="device-rows"
          data-held={held ? 'true' : 'false'}
          onScroll={(e) => {
            const away = e.currentTarget.scrollTop > 0;
            if (away !== scrolled) setScrolled(away);
          }}
        >
          {loading && rows.length === 0 ? (
            <Spin style={{ display: 'block', margin: '32px auto' }} />
          ) : rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((v) => (
                <DeviceRow
                  key={rows[v.index].id}
                  device={rows[v.index]}
                  now={now}
                  top={v.start}
                  selected={rows[v.index].id === selectedId}
                  onSelect={onSelect}
                  t={t}
                />
              ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  device: MonitorDevice;
  now: number;
  top: number;
  selected: boolean;
  onSelect(id: number): void;
  t: TFunction;
}

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * One row; memoised on the device object, which the store replaces only when it changed.
 * Plain elements on purpose: antd Typography measures its text on every render, which made
 * scrolling 10,000 rows stutter.
 */
const DeviceRow = memo(function DeviceRow({ device: d, now, top, selected, onSelect, t }: RowProps) {
  const rs = runStateOf(d, now);
  const badge = expiryBadge(d, now);
  return (
    <div
      role="button"
      data-testid="device-row"
      data-imei={d.terminalID}
      aria-selected={selected}
      onClick={() => onSelect(d.id)}
      style={{
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        padding: '6px 12px',
        cursor: 'pointer',
        borderBottom: '1px solid rgba(0,0,0,0.06)',
        background: selected ? '#e6f4ff' : undefined,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, height: 22 }}>
        <strong style={{ flex: 1, ...ellipsis }} data-testid="row-name">
          {displayName(d)}
        </strong>
        {badge && (
          <span className={`monitor-badge monitor-badge-${badge.band}`} data-testid="expiry-badge">
            {expiryBadgeText(t, badge)}
          </span>
        )}
      </div>
      <div style={{ display: 'flex', gap: 8, fontSize: 12 }}>
        <span style={{ color: runStateColor(rs), ...ellipsis }} data-testid="row-state">
          {runStateText(t, rs, now)}
        </span>
        <span style={{ marginInlineStart: 'auto', color: 'rgba(0,0,0,0.45)' }}>{d.terminalID}</span>
      </div>
    </div>
  );
});
