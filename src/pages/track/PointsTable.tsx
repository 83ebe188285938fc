import { Table, Tag } from 'antd';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../domain/date-format';
import { errorText } from '../../i18n/errorText';
import { TRACK_STATE_COLORS } from '../../maps/trackStyle';
import { fetchTrackPoints, type TrackOptions, type TrackPoint, type TrackRange } from './api';
import { STATE_NAMES } from './texts';
import type { PlayedTrack } from './useTracks';

interface Props {
  track: PlayedTrack;
  range: TrackRange;
  options: TrackOptions;
  onLocate(lng: number, lat: number, t: number): void;
}

const PAGE_SIZE = 100;

/** The points of a track as loaded: every fix when the answer was not simplified. */
function loadedPoints(tr: PlayedTrack): TrackPoint[] {
  const s = tr.points;
  return s.t.map((t, i) => ({
    t,
    lat: s.lat[i],
    lon: s.lon[i],
    speed: s.speed[i],
    course: s.course[i],
    type: s.type[i],
    valid: s.valid[i],
    state: s.state[i],
  }));
}

/**
 * Every fix of the played range, a page at a time: the count is the summary's. A simplified
 * track (the line drawn holds fewer points than the fixes) pages through the server's fixes;
 * a complete one pages through what it already holds.
 */
export const PointsTable = memo(function PointsTable({ track, range, options, onLocate }: Props) {
  const { t } = useTranslation('track');
  const [page, setPage] = useState(1);
  const [fetched, setFetched] = useState<{ page: number; rows: TrackPoint[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const local = useMemo(() => (track.simplified ? null : loadedPoints(track)), [track]);

  // Another track or query starts at its first page.
  useEffect(() => setPage(1), [track, range, options]);

  useEffect(() => {
    if (local) return;
    const ac = new AbortController();
    setError(null);
    fetchTrackPoints(track.terminalID, range, options, page, PAGE_SIZE, ac.signal).then(
      (r) => setFetched({ page, rows: r.list }),
      (e) => {
        if ((e as Error)?.name !== 'AbortError') setError(errorText(e));
      },
    );
    return () => ac.abort();
  }, [local, track, range, options, page]);

  const rows = local
    ? local.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
    : fetched?.page === page
      ? fetched.rows
      : [];
  return (
    <div data-testid="track-points">
      <Table<TrackPoint>
        size="small"
        rowKey="t"
        loading={!local && fetched?.page !== page && !error}
        scroll={{ x: 'max-content', y: 220 }}
        dataSource={rows}
        locale={error ? { emptyText: error } : undefined}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: track.total,
          showSizeChanger: false,
          size: 'small',
          showTotal: (n, [a, b]) => `${a}-${b} / ${n}`,
          onChange: setPage,
        }}
        onRow={(p) => ({ onClick: () => onLocate(p.lon, p.lat, p.t), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('col.time'), width: 170, render: (_, p) => formatDateTime(p.t) },
          { title: t('col.lat'), width: 110, render: (_, p) => p.lat.toFixed(6) },
          { title: t('col.lon'), width: 110, render: (_, p) => p.lon.toFixed(6) },
          { title: t('col.speed'), width: 90, render: (_, p) => Math.round(p.speed) },
          { title: t('col.course'), width: 80, render: (_, p) => p.course },
          { title: t('col.type'), width: 80, render: (_, p) => p.type.toUpperCase() },
          {
            title: t('col.state'),
            render: (_, p) => (
              <Tag color={TRACK_STATE_COLORS[p.state]}>
                {t(`state.${STATE_NAMES[p.state] ?? 'abnormal'}`)}
              </Tag>
            ),
          },
        ]}
      />
    </div>
  );
});
