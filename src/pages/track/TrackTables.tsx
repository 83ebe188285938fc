import { DownloadOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Segmented, Table, Tabs, Tag, Typography } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../domain/date-format';
import { formatMileage } from '../../domain/track/mileage';
import { errorText } from '../../i18n/errorText';
import { saveBlob } from '../../components/resource/files';
import { lookupAddress } from '../monitor/address';
import { exportTrack, type ExportFormat, type Stay, type TrackOptions, type TrackRange } from './api';
import { PointsTable } from './PointsTable';
import { durationText } from './texts';
import type { PlayedTrack } from './useTracks';

interface Props {
  tracks: readonly PlayedTrack[];
  range: TrackRange;
  options: TrackOptions;
  /** Map type whose geocoder answers, or null for the offline lookup. */
  geocoderMapType: string | null;
  onLocate(lng: number, lat: number, t: number): void;
}

const time = (ms: number) => formatDateTime(ms);

/** A stay's address, looked up when asked (a click), as the monitor does. */
function StayAddress({ stay, mapType }: { stay: Stay; mapType: string | null }) {
  const { t, i18n } = useTranslation('track');
  const [text, setText] = useState<string | null>(null);
  if (text) return <span>{text}</span>;
  return (
    <Button
      size="small"
      type="link"
      icon={<EnvironmentOutlined />}
      onClick={async (e) => {
        e.stopPropagation();
        setText((await lookupAddress(stay.lat, stay.lon, mapType, i18n.language)) ?? t('noAddress'));
      }}
    >
      {t('showAddress')}
    </Button>
  );
}

/** Summary per vehicle with exports, the stays and the points of the played tracks. */
export const TrackTables = memo(function TrackTables({
  tracks,
  range,
  options,
  geocoderMapType,
  onLocate,
}: Props) {
  const { t } = useTranslation('track');
  const { message } = App.useApp();
  const [pointsOf, setPointsOf] = useState(0);
  const shown = tracks[Math.min(pointsOf, tracks.length - 1)];

  const download = async (tr: PlayedTrack, format: ExportFormat, what: 'points' | 'stays') => {
    try {
      const file = await exportTrack(tr.terminalID, range, options, format, what);
      saveBlob(file.blob, file.fileName);
      if (file.truncated) message.warning(t('exportTruncated'));
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const stays = useMemo(
    () =>
      tracks.flatMap((tr) =>
        tr.stays.map((s, i) => ({ ...s, key: `${tr.terminalID}-${i}`, name: tr.name, color: tr.color })),
      ),
    [tracks],
  );
  const exportItems = (what: 'points' | 'stays') =>
    (['xlsx', 'gpx', 'kml'] as const).map((f) => ({
      key: `${what}-${f}`,
      label: t(`export.${what}`, { format: f.toUpperCase() }),
    }));

  const summary = (
    <div data-testid="track-summary">
      <Table
        size="small"
        pagination={false}
        rowKey="terminalID"
        // Longer words (French "Exporter") scroll inside the table, not the phone's page.
        scroll={{ x: 'max-content' }}
        dataSource={tracks as PlayedTrack[]}
        columns={[
          { title: t('col.device'), render: (_, tr) => <Tag color={tr.color}>{tr.name}</Tag> },
          {
            title: t('col.mileage'),
            render: (_, tr) => <span data-testid="track-mileage">{formatMileage(tr.mileageM)}</span>,
          },
          { title: t('col.points'), render: (_, tr) => tr.total },
          { title: t('col.stays'), render: (_, tr) => tr.stays.length },
          {
            title: t('col.export'),
            render: (_, tr) => (
              <Dropdown
                menu={{
                  items: [...exportItems('points'), { type: 'divider' }, ...exportItems('stays')],
                  onClick: ({ key }) => {
                    const [what, f] = key.split('-') as ['points' | 'stays', ExportFormat];
                    void download(tr, f, what);
                  },
                }}
              >
                <Button size="small" icon={<DownloadOutlined />} data-testid="track-export">
                  {t('col.export')}
                </Button>
              </Dropdown>
            ),
          },
        ]}
      />
    </div>
  );

  const staysTable = (
    <div data-testid="track-stays">
      <Table
        size="small"
        rowKey="key"
        dataSource={stays}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ y: 220 }}
        onRow={(s) => ({ onClick: () => onLocate(s.lon, s.lat, s.start), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('col.device'), width: 140, render: (_, s) => <Tag color={s.color}>{s.name}</Tag> },
          { title: t('col.start'), width: 160, render: (_, s) => time(s.start) },
          { title: t('col.end'), width: 160, render: (_, s) => time(s.end) },
          { title: t('col.duration'), width: 110, render: (_, s) => durationText(t, s.durationS) },
          { title: t('col.address'), render: (_, s) => <StayAddress stay={s} mapType={geocoderMapType} /> },
        ]}
      />
    </div>
  );

  const pointsTable = (
    <>
      {tracks.length > 1 && (
        <Segmented
          size="small"
          value={pointsOf}
          onChange={(v) => setPointsOf(Number(v))}
          options={tracks.map((tr, i) => ({ value: i, label: tr.name }))}
          style={{ marginBottom: 6 }}
        />
      )}
      {shown && <PointsTable track={shown} range={range} options={options} onLocate={onLocate} />}
    </>
  );

  if (!tracks.length) return <Typography.Text type="secondary">{t('empty')}</Typography.Text>;
  return (
    <Tabs
      size="small"
      items={[
        { key: 'summary', label: t('tabs.summary'), children: summary },
        { key: 'stays', label: t('tabs.stays', { count: stays.length }), children: staysTable },
        { key: 'points', label: t('tabs.points', { count: shown?.total ?? 0 }), children: pointsTable },
      ]}
    />
  );
});
