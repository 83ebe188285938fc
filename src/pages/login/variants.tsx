import { Flex, Space, theme } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Brand, LoginVariant } from '../../domain/brand';
import { BrandContact } from './BrandContact';
import { BrandIllustration } from './BrandIllustration';
import { Paragraph, Text, Title } from './text';

export interface VariantProps {
  brand: Brand;
  /** The form with its trial button and downloads. */
  form: ReactNode;
  /** The language menu. */
  tools: ReactNode;
}

function BrandHeading({ brand: b, size = 56 }: { brand: Brand; size?: number }) {
  const { t } = useTranslation('login');
  return (
    <Space direction="vertical" align="center" style={{ width: '100%', marginBottom: 24 }}>
      <img src={`/brands/${b.logo}`} alt={b.title} width={size} height={size} />
      <Title level={3} style={{ margin: 0 }}>
        {b.title}
      </Title>
      <Text secondary>{t('subtitle')}</Text>
    </Space>
  );
}

/**
 * A card over the brand's background colour. Drawn as a plain box in antd's card colours: antd's
 * Card brings its tabs (and their overflow menu), about 25 KB of the login page's budget.
 */
function Centered({ brand: b, form, tools }: VariantProps) {
  const { token } = theme.useToken();
  const card = {
    width: 380,
    maxWidth: '100%',
    padding: 32,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
  return (
    <Flex vertical style={{ minHeight: '100vh', background: b.colors.background }}>
      <Flex justify="flex-end" style={{ padding: 16 }}>
        {tools}
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: 16 }}>
        <div style={card}>
          <BrandHeading brand={b} />
          {form}
        </div>
      </Flex>
      <div style={{ padding: 16 }}>
        <BrandContact contact={b.contact} color="rgba(255,255,255,0.75)" />
      </div>
    </Flex>
  );
}

/** A side panel with the brand's picture and promises; the form on white beside it. */
function Split({ brand: b, form, tools }: VariantProps) {
  const { t } = useTranslation('login');
  const features = ['features.live', 'features.alarms', 'features.reports'] as const;
  return (
    <Flex wrap style={{ minHeight: '100vh' }}>
      <Flex
        vertical
        justify="center"
        gap={28}
        style={{ flex: '1 1 420px', background: b.colors.background, color: '#fff', padding: '48px 56px' }}
      >
        <Space size={12}>
          <img src={`/brands/${b.logo}`} alt="" width={40} height={40} />
          <Text strong style={{ color: '#fff', fontSize: 20 }}>
            {b.title}
          </Text>
        </Space>
        <Title level={2} style={{ color: '#fff', margin: 0, maxWidth: 460 }}>
          {t('tagline')}
        </Title>
        <BrandIllustration primary={b.colors.primary} accent={b.colors.header ?? '#ffffff'} />
        <Space direction="vertical" size={8}>
          {features.map((k) => (
            <Text key={k} style={{ color: 'rgba(255,255,255,0.85)' }}>
              <CheckCircleFilled style={{ color: b.colors.primary, marginInlineEnd: 8 }} />
              {t(k)}
            </Text>
          ))}
        </Space>
      </Flex>
      <Flex vertical style={{ flex: '1 1 420px', background: '#fff' }}>
        <Flex justify="flex-end" style={{ padding: 16 }}>
          {tools}
        </Flex>
        <Flex flex={1} align="center" justify="center" style={{ padding: 16 }}>
          <div style={{ width: 360, maxWidth: '100%' }}>
            <BrandHeading brand={b} size={48} />
            {form}
          </div>
        </Flex>
        <div style={{ padding: 16 }}>
          <BrandContact contact={b.contact} />
        </div>
      </Flex>
    </Flex>
  );
}

/** A light page: a top bar with the logo, the form alone in the middle, no card. */
function Minimal({ brand: b, form, tools }: VariantProps) {
  const { t } = useTranslation('login');
  return (
    <Flex vertical style={{ minHeight: '100vh', background: b.colors.background }}>
      <Flex
        align="center"
        justify="space-between"
        style={{
          padding: '12px 24px',
          background: b.colors.header ?? '#fff',
          borderBottom: `3px solid ${b.colors.primary}`,
        }}
      >
        <Space size={10}>
          <img src={`/brands/${b.logo}`} alt="" width={32} height={32} />
          <Text strong style={{ fontSize: 18 }}>
            {b.title}
          </Text>
        </Space>
        {tools}
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: 24 }}>
        <div style={{ width: 340, maxWidth: '100%' }}>
          <Title level={3} style={{ marginBottom: 4 }}>
            {b.title}
          </Title>
          <Paragraph secondary>{t('welcome')}</Paragraph>
          {form}
        </div>
      </Flex>
      <div style={{ padding: 16, borderTop: '1px solid rgba(0,0,0,0.06)' }}>
        <BrandContact contact={b.contact} />
      </div>
    </Flex>
  );
}

/** The login page layouts a brand file may name (loginVariant). */
export const LOGIN_LAYOUTS: Record<LoginVariant, (p: VariantProps) => ReactNode> = {
  centered: Centered,
  split: Split,
  minimal: Minimal,
};
