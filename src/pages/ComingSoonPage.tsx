import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The honest stand-in for a screen a later release builds: no sample data, just the notice. */
export function ComingSoonPage({ labelKey }: { labelKey?: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="coming-soon">
      <Result
        icon={<ToolOutlined />}
        title={labelKey ? t(`menu:${labelKey}`) : undefined}
        subTitle={t('comingSoon.description')}
      />
    </div>
  );
}
