import {
  CaretRightOutlined,
  PauseOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { Button, Select, Slider, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
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
}

const fmt = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** Play, pause, step, speed 1× to 16× and the timeline scrubber. */
export function PlayerBar({ clock, from, to, speed, onStep, disabled }: Props) {
  const { t } = useTranslation('track');
  return (
    <div
      style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '4px 8px' }}
      data-testid="player-bar"
    >
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
          <Button type="primary" icon={<PauseOutlined />} onClick={clock.pause} data-testid="player-pause">
            {t('player.pause')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<CaretRightOutlined />}
            onClick={clock.play}
            disabled={disabled}
            data-testid="player-play"
          >
            {t('player.play')}
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
      <div style={{ flex: 1 }} data-testid="player-slider">
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
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-testid="player-time"
      >
        {fmt(clock.t)}
        {speed != null && ` · ${Math.round(speed)} km/h`}
      </Typography.Text>
    </div>
  );
}
