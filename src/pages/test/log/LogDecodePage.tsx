import { Alert, Button, Card, Descriptions, Empty, Input, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOG_DECODE_HEX_MAX } from '../../../domain/device-log';
import { PROTOCOL_LABEL, TCP_PROTOCOLS } from '../../../domain/protocol-family';
import { errorText } from '../../../i18n/errorText';
import { decodeFrame, type DecodeAnswer, type DecodeProtocol } from './api';

/** A text protocol's reply (H02, TK103, Meitrack) as its text too; null when it is binary. */
function replyText(hex: string): string | null {
  const bytes = hex.match(/../g)?.map((b) => parseInt(b, 16)) ?? [];
  const printable = bytes.every((b) => (b >= 0x20 && b < 0x7f) || b === 0x0d || b === 0x0a);
  return printable && bytes.length > 0 ? String.fromCharCode(...bytes).trim() : null;
}

/** A decoded value as text: objects (tire reports, status lists) as compact JSON. */
const show = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * The frame decoder (/test/log/decode): paste one frame's hex, choose GT06 or JT/T 808 or let the
 * frame start decide, and see every field the gateway reads and the reply it would send
 * (the same code as `npm run decode`, server/gateway/decode-frames.ts).
 */
export default function LogDecodePage() {
  const { t } = useTranslation('devlog');
  const [hex, setHex] = useState('');
  const [protocol, setProtocol] = useState<DecodeProtocol>('auto');
  const [answer, setAnswer] = useState<DecodeAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setAnswer(await decodeFrame(hex, protocol));
    } catch (e) {
      setAnswer(null);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="log-decode" title={t('decode.title')}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Input.TextArea
          data-testid="decode-hex"
          value={hex}
          maxLength={LOG_DECODE_HEX_MAX}
          onChange={(e) => setHex(e.target.value)}
          placeholder={t('decode.hexPlaceholder')}
          autoSize={{ minRows: 3, maxRows: 8 }}
          style={{ fontFamily: 'monospace' }}
        />
        <Space wrap>
          <Segmented
            data-testid="decode-protocol"
            value={protocol}
            onChange={(v) => setProtocol(v as DecodeProtocol)}
            options={[
              { value: 'auto', label: t('decode.auto') },
              ...TCP_PROTOCOLS.map((p) => ({ value: p, label: PROTOCOL_LABEL[p] })),
            ]}
          />
          <Button type="primary" data-testid="decode-run" loading={busy} disabled={!hex.trim()} onClick={run}>
            {t('decode.run')}
          </Button>
        </Space>
        {error && <Alert type="error" showIcon message={error} data-testid="decode-error" />}
        {answer && <DecodeResult answer={answer} />}
      </Space>
    </Card>
  );
}

function DecodeResult({ answer }: { answer: DecodeAnswer }) {
  const { t } = useTranslation('devlog');
  const protocolName = PROTOCOL_LABEL[answer.protocol];
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="decode-result">
      <Space>
        <Tag color="blue">{protocolName}</Tag>
        {answer.detected && <Typography.Text type="secondary">{t('decode.detected')}</Typography.Text>}
      </Space>
      {!answer.ok ? (
        <Alert type="warning" showIcon message={t('decode.failed', { error: answer.error })} />
      ) : (
        <>
          {answer.messages.length === 0 && <Empty description={t('decode.noMessages')} />}
          {answer.messages.map((m, i) => (
            <Descriptions
              key={i}
              bordered
              size="small"
              column={1}
              title={t('decode.message', { n: i + 1, type: String(m.type) })}
              items={Object.entries(m).map(([k, v]) => ({
                key: k,
                label: k,
                children: <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{show(v)}</span>,
              }))}
            />
          ))}
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              {
                key: 'reply',
                label: t('decode.reply'),
                children: answer.reply ? (
                  <Space direction="vertical" size={4}>
                    <Typography.Text
                      copyable
                      code
                      data-testid="decode-reply"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {answer.reply}
                    </Typography.Text>
                    {replyText(answer.reply) && (
                      <Typography.Text
                        code
                        data-testid="decode-reply-text"
                        style={{ wordBreak: 'break-all' }}
                      >
                        {replyText(answer.reply)}
                      </Typography.Text>
                    )}
                  </Space>
                ) : (
                  <span data-testid="decode-reply">{t('decode.noReply')}</span>
                ),
              },
            ]}
          />
        </>
      )}
    </Space>
  );
}
