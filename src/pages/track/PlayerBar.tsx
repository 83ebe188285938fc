import {
  CaretRightOutlined,
  PauseOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { Button, Select, Slider, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../domain/date-format';
import { PLAY_SPEEDS } from './playback';
import type { PlayClock } from './usePlayClock';

interface Props {
  clock: PlayClock;
  from: number;
  to: number;
  /** Speed of the first vehicle at the play head, km/h. */
  speed: number | null;
  onStep(dir: 1 | -1): void;
  disabled: boolean;
  /** Phones and tablets: buttons and time on one row, the scrubber on its own, 44 px targets. */
  compact?: boolean;
}

// Thumb-sized buttons on phones and tablets: 44 px, the smallest touch target of Apple's and Google's guides.
const TOUCH_CSS =
  '.player-bar-touch .ant-btn, .player-bar-touch .ant-select-selector { min-height: 44px; min-width: 44px; }';

const fmt = (ms: number) => formatDateTime(ms);
// The compact row is narrow; the day is the query's.
const fmtShort = (ms: number) => formatDateTime(ms, 'time');

/** Play, pause, step, speed 1× to 16× and the timeline scrubber. */
export function PlayerBar({ clock, from, to, speed, onStep, disabled, compact = false }: Props) {
  const { t } = useTranslation('track');
  return (
    <div
      style={
        compact
          ? { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 8px', padding: '6px 8px' }
          : { display: 'flex', alignItems: 'center', gap: 12, padding: '4px 8px' }
      }
      className={compact ? 'player-bar-touch' : undefined}
      data-testid="player-bar"
    >
      {compact && <style>{TOUCH_CSS}</style>}
      <Space size={4}>
        <Tooltip title={t('player.back')}>
          <Button
            icon={<StepBackwardOutlined />}
            onClick={() => onStep(-1)}
            disabled={disabled}
            data-testid="player-back"
          />
        </Tooltip>
        {clock.playing ? (
          <Button
            type="primary"
            icon={<PauseOutlined />}
            onClick={clock.pause}
            aria-label={t('player.pause')}
            data-testid="player-pause"
          >
            {!compact && t('player.pause')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<CaretRightOutlined />}
            onClick={clock.play}
            disabled={disabled}
            aria-label={t('player.play')}
            data-testid="player-play"
          >
            {!compact && t('player.play')}
          </Button>
        )}
        <Tooltip title={t('player.forward')}>
          <Button
            icon={<StepForwardOutlined />}
            onClick={() => onStep(1)}
            disabled={disabled}
            data-testid="player-forward"
          />
        </Tooltip>
        <Select
          value={clock.speed}
          onChange={clock.setSpeed}
          options={PLAY_SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          style={{ width: 76 }}
          data-testid="player-speed"
          aria-label={t('player.speed')}
        />
      </Space>
      {/* Compact, the scrubber takes a row of its own (order), below the buttons and the time. */}
      <div style={compact ? { flex: '1 0 100%', order: 3 } : { flex: 1 }} data-testid="player-slider">
        <Slider
          style={{ margin: '0 8px' }}
          min={from}
          max={Math.max(to, from + 1)}
          value={clock.t}
          step={1000}
          disabled={disabled}
          onChange={(v) => clock.seek(v as number)}
          tooltip={{ formatter: (v) => (v == null ? '' : fmt(v)) }}
        />
      </div>
      <Typography.Text
        style={{
          whiteSpace: 'nowrap',
          fontVariantNumeric: 'tabular-nums',
          fontSize: compact ? 12 : undefined,
        }}
        data-testid="player-time"
      >
        {(compact ? fmtShort : fmt)(clock.t)}
        {speed != null && ` · ${Math.round(speed)} km/h`}
      </Typography.Text>
    </div>
  );
}
