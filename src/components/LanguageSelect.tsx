import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../domain/constants';
import { applyLanguage } from '../i18n';
import { LANGUAGE_NAMES } from '../i18n/languageNames';

/** Switches the UI language; the choice is stored as `useLang` (spec section 3). */
export function LanguageSelect({
  variant = 'outlined',
  defaultOpen = false,
}: {
  variant?: 'outlined' | 'borderless';
  /** Opened (and focused) on mount: the login page mounts it when its stand-in is clicked. */
  defaultOpen?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Select<Language>
      aria-label={t('header.language')}
      data-testid="language-select"
      value={i18n.language as Language}
      onChange={(lng) => void applyLanguage(lng, true)}
      variant={variant}
      defaultOpen={defaultOpen}
      autoFocus={defaultOpen}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      style={{ minWidth: 150 }}
      options={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
    />
  );
}
