import { Alert, App, Button, Card, Col, Form, Input, Modal, QRCode, Radio, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceSelect } from '../../components/resource/DeviceSelect';
import { CARD_TYPE } from '../../domain/codes';
import { errorText } from '../../i18n/errorText';
import { createOrder, type AllowedPay, type CreatedOrder } from './api';
import { QuotePanel } from './QuotePanel';
import {
  CARD_TYPE_NAMES,
  DISCOUNT_ERRORS,
  PAYMENT_TYPE_NAMES,
  moneyText,
  orderRequest,
  type RenewPrefill,
  type RenewValues,
} from './renewLogic';
import { errorKeyOf, useQuote } from './useQuote';

/**
 * Online renewal (issue 14), one of the renew page's ways: devices, a priced period, the payment
 * method and a discount code, with the server's live quote; "Pay" creates the order and sends the
 * buyer to the provider (the sandbox checkout here), or shows WeChat's code to scan.
 */
export function RenewOnlineForm({ allowed, prefill }: { allowed: AllowedPay; prefill: RenewPrefill }) {
  const { t } = useTranslation('order');
  const { message } = App.useApp();
  const [form] = Form.useForm<RenewValues>();
  const values = Form.useWatch((v: RenewValues) => v, form);
  const body = useMemo(() => orderRequest(values ?? {}), [values]);
  const { quote, error, loading } = useQuote(body);
  const [paying, setPaying] = useState(false);
  const [scan, setScan] = useState<CreatedOrder | null>(null);

  const priced = allowed.prices.filter((p) => p.priceMinor != null);
  const initial = useMemo<RenewValues>(() => {
    const has = (c: number) => priced.some((p) => p.cardType === c);
    return {
      terminalIDs: prefill.terminalIDs,
      // One year is the usual choice when it has a price.
      rechargeType:
        prefill.rechargeType && has(prefill.rechargeType)
          ? prefill.rechargeType
          : has(CARD_TYPE.oneYear)
            ? CARD_TYPE.oneYear
            : priced[0]?.cardType,
      paymentType:
        prefill.paymentType && allowed.paymentTypes.includes(prefill.paymentType)
          ? prefill.paymentType
          : allowed.paymentTypes[0],
      discountCode: prefill.discountCode,
    };
    // The first render's choices only: later changes are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const errorKey = errorKeyOf(error);
  const codeError = errorKey && DISCOUNT_ERRORS.includes(errorKey) ? errorText(error) : null;

  const pay = async () => {
    if (!body || !quote) return;
    setPaying(true);
    try {
      const created = await createOrder(body);
      if (created.approveUrl) {
        // The provider's page (or the sandbox checkout) takes over; it returns to /payResult.
        window.location.assign(created.approveUrl);
        return;
      }
      if (created.codeUrl) setScan(created);
      else message.error(t('errors:orderCreateFailed'));
    } catch (e) {
      message.error(errorText(e));
    }
    setPaying(false);
  };

  return (
    <Row gutter={24}>
      <Col xs={24} lg={13}>
        <Form form={form} layout="vertical" initialValues={initial} data-testid="renew-form">
          <Form.Item name="terminalIDs" label={t('renew.devices')} extra={t('renew.devicesHelp')}>
            <DeviceSelect />
          </Form.Item>
          <Form.Item name="rechargeType" label={t('renew.period')}>
            <Radio.Group data-testid="renew-period">
              {priced.map((p) => (
                <Radio.Button key={p.cardType} value={p.cardType} data-testid={`period-${p.cardType}`}>
                  {t(`cardTypes.${CARD_TYPE_NAMES[p.cardType]}`)} · {moneyText(p.priceMinor, p.currency)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="paymentType" label={t('renew.paymentMethod')}>
            <Radio.Group data-testid="renew-payment-type">
              {allowed.paymentTypes.map((p) => (
                <Radio key={p} value={p}>
                  {t(`paymentTypes.${PAYMENT_TYPE_NAMES[p]}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="discountCode"
            label={t('renew.discountCode')}
            validateStatus={codeError ? 'error' : undefined}
            help={codeError ?? t('renew.discountHelp')}
          >
            <Input allowClear maxLength={16} style={{ maxWidth: 240 }} data-testid="renew-discount-code" />
          </Form.Item>
        </Form>
      </Col>
      <Col xs={24} lg={11}>
        <Card size="small" title={t('renew.quote')}>
          {error && !codeError ? (
            <Alert type="error" showIcon message={errorText(error)} data-testid="quote-error" />
          ) : (
            <QuotePanel quote={quote} loading={loading} />
          )}
          <Button
            type="primary"
            size="large"
            block
            style={{ marginTop: 16 }}
            disabled={!quote || loading}
            loading={paying}
            onClick={() => void pay()}
            data-testid="renew-pay"
          >
            {quote
              ? t('renew.payAmount', { amount: moneyText(quote.amountMinor, quote.currency) })
              : t('renew.pay')}
          </Button>
        </Card>
      </Col>
      {scan ? <ScanModal order={scan} onClose={() => setScan(null)} /> : null}
    </Row>
  );
}

/** WeChat Native: the buyer scans the code with WeChat; the result page follows the order. */
function ScanModal({ order, onClose }: { order: CreatedOrder; onClose: () => void }) {
  const { t } = useTranslation('order');
  return (
    <Modal
      open
      title={t('renew.scanTitle')}
      onCancel={onClose}
      footer={
        <Link to={`/payResult?orderNo=${encodeURIComponent(order.orderNo)}`}>
          <Button type="primary">{t('renew.scanDone')}</Button>
        </Link>
      }
    >
      <p>{t('renew.scanHelp', { amount: moneyText(order.amountMinor, order.currency) })}</p>
      <QRCode value={order.codeUrl ?? ''} size={200} />
    </Modal>
  );
}
