import { useVirtualizer } from '@tanstack/react-virtual';
import { Alert, Badge, Button, Card, Empty, Input, Segmented, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOG_MONITOR_KEEP,
  LOG_MONITOR_MAX,
  parseTerminalList,
  type LogFrame,
} from '../../../domain/device-log';
import type { LiveStatus } from '../../../providers/live';
import { getToken } from '../../../providers/session';
import { connectLogSocket, type LogSocket } from './logSocket';
import { filterLines, prepend, toLine, type MonitorLine } from './monitorLines';

/** Frames are drawn at most this often: 800 frames/s become a few renders a second. */
const RENDER_MS = 500;
const ROW_HEIGHT = 28;
const BADGE = { padding: '0 6px', borderRadius: 4, fontSize: 12, lineHeight: '20px', border: '1px solid' };
const IN_STYLE = { ...BADGE, color: '#0958d9', background: '#e6f4ff', borderColor: '#91caff' };
const OUT_STYLE = { ...BADGE, color: '#389e0d', background: '#f6ffed', borderColor: '#b7eb8f' };
const STATUS_COLOR: Record<LiveStatus, 'processing' | 'success' | 'default'> = {
  connecting: 'processing',
  open: 'success',
  closed: 'default',
};

/**
 * The live log monitor (/test/log/monitor, docs/factory/logs.md): up to 400 IMEIs watched over
 * the websocket; their frames arrive decoded, newest on top, in a virtualized list that keeps the
 * last 5000 lines. Frames are buffered and drawn in batches, so the page stays responsive at
 * 400 devices sending 2 frames a second.
 */
export default function LogMonitorPage() {
  const { t } = useTranslation('devlog');
  const [text, setText] = useState('');
  const [watching, setWatching] = useState<string[]>([]);
  /** How many devices the server said it watches (its answer to the last watch): null until it answers. */
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [lines, setLines] = useState<MonitorLine[]>([]);
  const [paused, setPaused] = useState(false);
  const [waiting, setWaiting] = useState(0);
  const [filter, setFilter] = useState('');
  const [direction, setDirection] = useState<'all' | 'in' | 'out'>('all');
  const [rate, setRate] = useState(0);
  const pending = useRef<LogFrame[]>([]);
  const received = useRef(0);
  const socket = useRef<LogSocket | null>(null);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    const token = getToken();
    if (!token) return;
    const s = connectLogSocket({
      token,
      onFrames: (frames) => {
        received.current += frames.length;
        const p = pending.current;
        p.push(...frames);
        if (p.length > LOG_MONITOR_KEEP) p.splice(0, p.length - LOG_MONITOR_KEEP);
      },
      onAnswer: (a) => {
        setError(a.error ? t(`errors:${a.error}`) : null);
        setConfirmed(a.watching);
      },
      onStatus: setStatus,
    });
    socket.current = s;
    return () => s.close();
  }, [t]);

  // One render per RENDER_MS for everything that arrived, unless paused.
  useEffect(() => {
    let last = received.current;
    let lastAt = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      if (now - lastAt >= 2000) {
        setRate(Math.round(((received.current - last) * 1000) / (now - lastAt)));
        last = received.current;
        lastAt = now;
      }
      if (pausedRef.current) {
        setWaiting(pending.current.length);
        return;
      }
      if (pending.current.length === 0) return;
      const batch = pending.current.map(toLine);
      pending.current = [];
      setWaiting(0);
      setLines((prev) => prepend(prev, batch));
    }, RENDER_MS);
    return () => clearInterval(timer);
  }, []);

  const parsed = useMemo(() => parseTerminalList(text), [text]);
  const tooMany = parsed.length > LOG_MONITOR_MAX;
  const watch = useCallback(() => {
    if (tooMany) return;
    setWatching(parsed);
    setConfirmed(null);
    socket.current?.watch(parsed);
  }, [parsed, tooMany]);
  const stop = useCallback(() => {
    setWatching([]);
    setConfirmed(null);
    socket.current?.watch([]);
  }, []);

  const shown = useMemo(() => filterLines(lines, filter, direction), [lines, filter, direction]);

  return (
    <Card
      data-testid="log-monitor"
      title={t('monitor.title')}
      extra={
        <Space>
          <Badge status={STATUS_COLOR[status]} text={t(`monitor.status.${status}`)} />
          <span data-testid="log-rate">{t('monitor.rate', { rate })}</span>
        </Space>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Space align="start" wrap style={{ width: '100%' }}>
        <Input.TextArea
          data-testid="log-imeis"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('monitor.imeisPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 5 }}
          style={{ width: 360, fontFamily: 'monospace' }}
        />
        <Space direction="vertical">
          <Typography.Text type={tooMany ? 'danger' : 'secondary'} data-testid="log-count">
            {t('monitor.count', { count: parsed.length, max: LOG_MONITOR_MAX })}
          </Typography.Text>
          <Space>
            <Button
              type="primary"
              data-testid="log-watch"
              disabled={parsed.length === 0 || tooMany}
              onClick={watch}
            >
              {t('monitor.watch')}
            </Button>
            <Button data-testid="log-stop" disabled={watching.length === 0} onClick={stop}>
              {t('monitor.stop')}
            </Button>
          </Space>
          {/* Said once the server confirmed it: frames sent before then are not watched. */}
          {watching.length > 0 && confirmed != null && confirmed > 0 && (
            <Typography.Text data-testid="log-watching">
              {t('monitor.watching', { count: confirmed })}
            </Typography.Text>
          )}
        </Space>
      </Space>
      {tooMany && <Alert type="error" showIcon message={t('errors:logWatchTooMany')} />}
      {error && <Alert type="error" showIcon message={error} data-testid="log-error" />}
      <Space wrap>
        <Button data-testid="log-pause" onClick={() => setPaused((p) => !p)}>
          {paused ? t('monitor.resume') : t('monitor.pause')}
        </Button>
        <Button data-testid="log-clear" onClick={() => setLines([])}>
          {t('monitor.clear')}
        </Button>
        <Input
          allowClear
          data-testid="log-filter"
          placeholder={t('monitor.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ width: 240 }}
        />
        <Segmented
          value={direction}
          onChange={(v) => setDirection(v as 'all' | 'in' | 'out')}
          options={[
            { value: 'all', label: t('monitor.all') },
            { value: 'in', label: t('direction.in') },
            { value: 'out', label: t('direction.out') },
          ]}
        />
        <Typography.Text type="secondary" data-testid="log-lines">
          {t('monitor.lines', { count: shown.length, max: LOG_MONITOR_KEEP })}
        </Typography.Text>
        {paused && waiting > 0 && <Tag color="orange">{t('monitor.waiting', { count: waiting })}</Tag>}
      </Space>
      <LineList lines={shown} emptyText={t('monitor.empty')} t={t} />
    </Card>
  );
}

function LineList({
  lines,
  emptyText,
  t,
}: {
  lines: MonitorLine[];
  emptyText: string;
  t: (key: string) => string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  return (
    <div
      ref={scrollRef}
      data-testid="log-rows"
      style={{
        height: 'calc(100vh - 360px)',
        minHeight: 300,
        overflow: 'auto',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        fontFamily: 'monospace',
        fontSize: 12,
      }}
    >
      {lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const l = lines[v.index];
            return (
              <div
                key={l.key}
                data-testid="log-line"
                title={l.raw}
                style={{
                  position: 'absolute',
                  top: v.start,
                  height: ROW_HEIGHT,
                  left: 0,
                  right: 0,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  padding: '0 8px',
                  whiteSpace: 'nowrap',
                  borderBottom: '1px solid #fafafa',
                }}
              >
                <span style={{ color: '#888' }}>{l.time}</span>
                <span>{l.terminalId}</span>
                {/* Fixed width, so the summary and hex line up; a plain span, not antd's Tag, whose
                    style hooks cost more than the rest of the row at 1,600 lines a second. */}
                <span style={{ flex: '0 0 84px' }}>
                  <span style={l.direction === 'in' ? IN_STYLE : OUT_STYLE}>
                    {t(`direction.${l.direction}`)}
                  </span>
                </span>
                <span style={{ flex: '0 0 440px', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {l.summary}
                </span>
                <span style={{ color: '#999', overflow: 'hidden', textOverflow: 'ellipsis' }}>{l.raw}</span>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
