import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/constants';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { lazyModule, useLazyControl } from './lazyModule';
import { SelectLookalike } from './SelectLookalike';

// antd's Select (rc-select, rc-virtual-list: about 25 KB gzip) loads when the menu is used: the
// header is on every signed-in page's first paint (page weight, issue 18).
const realSelect = lazyModule(() => import('../LanguageSelect'));

/** The header's and the phone menu's language switch: a look-alike of LanguageSelect until used. */
export function LazyLanguageSelect({ variant = 'outlined' }: { variant?: 'outlined' | 'borderless' }) {
  const { t, i18n } = useTranslation();
  const lazy = useLazyControl(realSelect);
  if (lazy.Real) return <lazy.Real.LanguageSelect variant={variant} defaultOpen />;
  return (
    <SelectLookalike
      data-testid="language-select"
      aria-label={t('header.language')}
      prefix={<GlobalOutlined />}
      label={LANGUAGE_NAMES[i18n.language as Language]}
      variant={variant}
      style={{ minWidth: 150 }}
      onPrefetch={lazy.prefetch}
      onOpen={lazy.open}
    />
  );
}
