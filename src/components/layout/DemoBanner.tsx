import { EyeOutlined } from '@ant-design/icons';
import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWriteRefusal } from '../../hooks/useWriteRefusal';

/**
 * The read-only notice of the demo account, in the shell's header on every page: a line on a
 * desktop, a short tag on a phone (tapped, it says the whole). It sits inside the header so the
 * full-height screens (monitor, playback) keep their size. Shown when the account may not write.
 */
export function DemoBanner({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (useWriteRefusal() === null) return null;
  const text = t('demo.banner');
  return (
    <Tooltip title={text} trigger={compact ? 'click' : 'hover'}>
      <div
        role="status"
        data-testid="demo-banner"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          minWidth: 0,
          flex: compact ? '0 1 auto' : '1 1 auto',
          maxWidth: compact ? 150 : 720,
          marginInlineEnd: 'auto',
          padding: compact ? '2px 8px' : '4px 12px',
          lineHeight: compact ? '20px' : '18px',
          fontSize: compact ? 12 : 13,
          color: token.colorWarningText,
          background: token.colorWarningBg,
          border: `1px solid ${token.colorWarningBorder}`,
          borderRadius: token.borderRadiusLG,
          cursor: 'default',
        }}
      >
        <EyeOutlined style={{ flex: '0 0 auto' }} />
        {/* Two lines at most in the header's height (a long language), one on a phone. */}
        <span
          style={
            compact
              ? { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
              : {
                  overflow: 'hidden',
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                }
          }
        >
          {compact ? t('demo.short') : text}
        </span>
      </div>
    </Tooltip>
  );
}
