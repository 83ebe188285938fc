import { Space } from 'antd';
import { GlobalOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../domain/brand';
import { Link, Text } from './text';

/** The brand's company and how to reach it, at the foot of the login page. */
export function BrandContact({ contact, color }: { contact: Brand['contact']; color?: string }) {
  const { t } = useTranslation('login');
  const style = color ? { color } : undefined;
  return (
    <Space
      data-testid="brand-contact"
      wrap
      size={[16, 4]}
      style={{ justifyContent: 'center', width: '100%', fontSize: 13 }}
    >
      <Text style={style}>
        {t('copyright', { year: new Date().getFullYear(), company: contact.company })}
      </Text>
      {contact.phone && (
        <Link href={`tel:${contact.phone.replace(/[^+0-9]/g, '')}`} style={style} title={t('contact.phone')}>
          <PhoneOutlined /> {contact.phone}
        </Link>
      )}
      {contact.email && (
        <Link href={`mailto:${contact.email}`} style={style} title={t('contact.email')}>
          <MailOutlined /> {contact.email}
        </Link>
      )}
      {contact.website && (
        <Link
          href={contact.website}
          target="_blank"
          rel="noreferrer"
          style={style}
          title={t('contact.website')}
        >
          <GlobalOutlined /> {contact.website.replace(/^https?:\/\//, '')}
        </Link>
      )}
    </Space>
  );
}
