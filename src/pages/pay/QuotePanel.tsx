import { Descriptions, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { quoteLines, type Quote } from './renewLogic';

/** The quote beside the renew form: the server's figures, never computed here. */
export function QuotePanel({ quote, loading }: { quote: Quote | null; loading: boolean }) {
  const { t } = useTranslation('order');
  if (!quote)
    return loading ? (
      <Spin data-testid="quote-loading" />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('renew.quoteHint')} />
    );
  const lines = quoteLines(quote);
  return (
    <Spin spinning={loading}>
      <Descriptions size="small" column={1} bordered data-testid="quote">
        <Descriptions.Item label={t('renew.payee')}>
          <span data-testid="quote-payee">{quote.agent.nickname || quote.agent.username}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('renew.unitPrice')}>{lines.unit}</Descriptions.Item>
        <Descriptions.Item label={t('renew.deviceCount')}>
          <span data-testid="quote-devices">{quote.devices}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('renew.subtotal')}>
          <span data-testid="quote-subtotal">{lines.subtotal}</span>
        </Descriptions.Item>
        {lines.discount ? (
          <Descriptions.Item label={t('renew.discount', { rate: quote.discountRate })}>
            <span data-testid="quote-discount">{lines.discount}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('renew.total')}>
          <Typography.Text strong style={{ fontSize: 18 }} data-testid="quote-total">
            {lines.total}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('renew.adds')}>
          <span data-testid="quote-days">
            {quote.days ? t('renew.addsDays', { days: quote.days }) : t('renew.addsLifetime')}
          </span>
        </Descriptions.Item>
      </Descriptions>
    </Spin>
  );
}
