import { theme } from 'antd';
import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/constants';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';

const loadSelect = () => import('../../components/LanguageSelect');
const LanguageSelect = lazy(() => loadSelect().then((m) => ({ default: m.LanguageSelect })));

/**
 * The login page's language menu. antd's Select is about 25 KB gzip, a tenth of the login page's
 * budget (issue 18), and most visitors never open it: until a pointer comes near or the key-
 * board reaches it, a look-alike box is shown, and a click opens the real select at once.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const prefetch = () => void loadSelect().catch(() => undefined);
  const placeholder = (
    <button
      type="button"
      data-testid="language-select"
      aria-label={t('header.language')}
      aria-haspopup="listbox"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => {
        setOpen(true);
        setWanted(true);
      }}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        minWidth: 150,
        height: token.controlHeight,
        padding: `0 ${token.paddingSM - 1}px`,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        color: token.colorText,
        fontSize: token.fontSize,
        fontFamily: 'inherit',
        cursor: 'pointer',
      }}
    >
      <GlobalOutlined />
      <span style={{ flex: 1, textAlign: 'start' }}>{LANGUAGE_NAMES[i18n.language as Language]}</span>
      <DownOutlined style={{ fontSize: 12, color: token.colorTextQuaternary }} />
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageSelect defaultOpen={open} />
    </Suspense>
  );
}
