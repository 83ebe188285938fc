import { SearchOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Empty, Input, Segmented, Spin, Tag, Typography } from 'antd';
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
import { RUN_STATE_COLOR, runStateText } from './texts';
import { useNow } from './useMonitorData';

const ROW_HEIGHT = 56;
const TABS: { tab: DeviceTab; key: string }[] = [
  { tab: DEVICE_MENU_TYPE.all, key: 'all' },
  { tab: DEVICE_MENU_TYPE.online, key: 'online' },
  { tab: DEVICE_MENU_TYPE.offline, key: 'offline' },
  { tab: DEVICE_MENU_TYPE.inactive, key: 'inactive' },
];
const BADGE_COLOR = { expired: 'red', within7Days: 'orange', within60Days: 'gold' } as const;

interface Props {
  /** The whole list in spec order. */
  ordered: readonly MonitorDevice[];
  /** Changes whenever device data changed (the store version). */
  version: number;
  loading: boolean;
  selectedId?: number;
  onSelect(id: number): void;
  /** Called after rows are on screen (the benchmark waits for it). */
  onRowsRendered(): void;
}

/** Tabs with counts, search, and the virtualized rows: only visible rows exist in the DOM. */
export function DeviceList({ ordered, version, loading, selectedId, onSelect, onRowsRendered }: Props) {
  const { t } = useTranslation('monitor');
  const [tab, setTab] = useState<DeviceTab>(DEVICE_MENU_TYPE.all);
  const [query, setQuery] = useState('');
  const now = useNow(10_000);
  const counts = useMemo(() => tabCounts(ordered), [ordered]);
  const rows = useMemo(() => filterDevices(ordered, tab, query), [ordered, tab, query]);
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
    <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }} data-testid="device-list">
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
            <div data-testid={`tab-${key}`} title={t(`tabs.${key}`)} style={{ lineHeight: 1.3, padding: '2px 0' }}>
              <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', fontSize: 12 }}>{t(`tabs.${key}`)}</div>
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
      <div ref={scrollRef} style={{ flex: 1, overflow: 'auto', position: 'relative' }} data-testid="device-rows">
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
}

/** One row; memoised on the device object, which the store replaces only when it changed. */
const DeviceRow = memo(function DeviceRow({ device: d, now, top, selected, onSelect }: RowProps) {
  const { t } = useTranslation('monitor');
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
      <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <Typography.Text strong ellipsis style={{ flex: 1 }} data-testid="row-name">
          {displayName(d)}
        </Typography.Text>
        {badge && (
          <Tag color={BADGE_COLOR[badge]} style={{ marginInlineEnd: 0 }} data-testid="expiry-badge">
            {t(`expiry.${badge}`)}
          </Tag>
        )}
      </div>
      <div style={{ display: 'flex', gap: 8, fontSize: 12 }}>
        <span style={{ color: RUN_STATE_COLOR[rs.kind] }} data-testid="row-state">
          {runStateText(t, rs, now)}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 'auto' }}>
          {d.terminalID}
        </Typography.Text>
      </div>
    </div>
  );
});
