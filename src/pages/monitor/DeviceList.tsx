import { SearchOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Empty, Input, Segmented, Spin } from 'antd';
import type { TFunction } from 'i18next';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
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
import { runStateOf } from '../../domain/run-state';
import { runStateColor, runStateText } from './texts';
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
  /** The whole list in spec order. */
  ordered: readonly MonitorDevice[];
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
export function DeviceList({ ordered, version, orderVersion, loading, selectedId, onSelect, onRowsRendered }: Props) {
  const { t } = useTranslation('monitor');
  const [tab, setTab] = useState<DeviceTab>(DEVICE_MENU_TYPE.all);
  const [query, setQuery] = useState('');
  const now = useNow(10_000);
  // With `now`: a device that expires while the page is open moves to the offline tab.
  // Counted again when the order is (a state change resorts it within RESORT_MS), not on every
  // flush of positions, which do not move a device between tabs: 50,000 devices made it costly.
  const counts = useMemo(() => tabCounts(ordered, now), [orderVersion, now]); // eslint-disable-line react-hooks/exhaustive-deps
  const rows = useMemo(
    // The "all" tab without a search is the whole list: no copy of 50,000 rows per flush.
    () => (tab === DEVICE_MENU_TYPE.all && !query.trim() ? ordered : filterDevices(ordered, tab, query, now)),
    [ordered, tab, query, now],
  );
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
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('list.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        style={{ margin: '8px 8px', width: 'calc(100% - 16px)' }}
        data-testid="device-search"
      />
      <div
        ref={scrollRef}
        style={{ flex: 1, overflow: 'auto', position: 'relative' }}
        data-testid="device-rows"
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
          <span className={`monitor-badge monitor-badge-${badge}`} data-testid="expiry-badge">
            {t(`expiry.${badge}`)}
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
