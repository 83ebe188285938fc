import { Space, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { END_COLOR, START_COLOR, STAY_COLOR, TRACK_STATE_COLORS } from '../../maps/trackStyle';
import { STATE_NAMES } from './texts';

const dot = (color: string, square = false) => (
  <span
    style={{
      display: 'inline-block',
      width: 10,
      height: 10,
      background: color,
      borderRadius: square ? 2 : 5,
      marginInlineEnd: 6,
    }}
  />
);

/** What the colours of the track mean (spec section 4 states), and the markers. */
export const Legend = memo(function Legend() {
  const { t } = useTranslation('track');
  return (
    <div style={{ marginTop: 16 }} data-testid="track-legend">
      <Typography.Text type="secondary">{t('legend')}</Typography.Text>
      <Space wrap size={[12, 4]} style={{ marginTop: 6 }}>
        {Object.entries(TRACK_STATE_COLORS).map(([code, color]) => (
          <span key={code}>
            <span
              style={{
                display: 'inline-block',
                width: 18,
                height: 4,
                background: color,
                marginInlineEnd: 6,
                verticalAlign: 'middle',
              }}
            />
            {t(`state.${STATE_NAMES[Number(code)]}`)}
          </span>
        ))}
        <span>
          {dot(START_COLOR)}
          {t('start')}
        </span>
        <span>
          {dot(END_COLOR)}
          {t('end')}
        </span>
        <span>
          {dot(STAY_COLOR, true)}
          {t('stay')}
        </span>
      </Space>
    </div>
  );
});
