import { Alert, Button, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exampleOf } from './openapi/example';
import type { ApiOperation } from './openapi/operations';
import type { OpenApiDoc } from './openapi/types';
import {
  buildUrl,
  hasBody,
  missingPathParams,
  parseBody,
  requestHeaders,
  type KeyHeader,
} from './openapi/url';
import { JsonBlock } from './SchemaTable';

/** The reader's key lives in this tab only (sessionStorage); it goes nowhere but this origin's API. */
const KEY_STORAGE = 'helpApiKey';
const HEADER_STORAGE = 'helpApiKeyHeader';

interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: unknown;
  ms: number;
}

const text = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** Sends one operation from the browser with the reader's API key and shows the answer. */
export function TryIt({ op, doc }: { op: ApiOperation; doc: OpenApiDoc }) {
  const { t } = useTranslation('help');
  const [key, setKey] = useState(() => sessionStorage.getItem(KEY_STORAGE) ?? '');
  const [header, setHeader] = useState<KeyHeader>(
    () => (sessionStorage.getItem(HEADER_STORAGE) as KeyHeader | null) ?? 'x-api-key',
  );
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const [pathValues, setPathValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(pathParams.map((p) => [p.name, text(p.example ?? exampleOf(p.schema, doc))])),
  );
  const [query, setQuery] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      queryParams.map((p) => [p.name, p.required ? text(p.example ?? exampleOf(p.schema, doc)) : '']),
    ),
  );
  const withBody = hasBody(op.method) && op.body !== null;
  const [body, setBody] = useState(() => {
    if (!withBody) return '';
    const example = op.body?.example ?? exampleOf(op.body?.schema, doc);
    return example === undefined ? '' : JSON.stringify(example, null, 2);
  });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const url = useMemo(() => buildUrl(op.path, pathValues, query), [op.path, pathValues, query]);

  const saveKey = (v: string) => {
    setKey(v);
    if (v) sessionStorage.setItem(KEY_STORAGE, v);
    else sessionStorage.removeItem(KEY_STORAGE);
  };
  const saveHeader = (v: KeyHeader) => {
    setHeader(v);
    sessionStorage.setItem(HEADER_STORAGE, v);
  };

  async function send() {
    setProblem(null);
    const missing = missingPathParams(op.path, pathValues);
    if (missing.length) return setProblem(t('interface.try.missing', { names: missing.join(', ') }));
    const parsed = withBody ? parseBody(body) : ({ ok: true, value: undefined } as const);
    if (!parsed.ok) return setProblem(t('interface.try.badJson', { error: parsed.error }));
    setSending(true);
    const started = performance.now();
    try {
      // Same origin only, and no cookies: the answer shows what the key alone is allowed.
      const res = await fetch(url, {
        method: op.method,
        headers: requestHeaders(key, header, parsed.value !== undefined),
        body: parsed.value === undefined ? undefined : JSON.stringify(parsed.value),
        credentials: 'omit',
      });
      const raw = await res.text();
      let shown: unknown = raw;
      try {
        shown = JSON.parse(raw);
      } catch {
        // Not JSON (a file, a page): shown as text.
      }
      setAnswer({
        status: res.status,
        statusText: res.statusText,
        headers: [...res.headers.entries()],
        body: shown,
        ms: Math.round(performance.now() - started),
      });
    } catch (e) {
      setAnswer(null);
      setProblem(t('interface.try.network', { error: (e as Error).message }));
    } finally {
      setSending(false);
    }
  }

  const field = (
    p: { name: string; required?: boolean; description?: string },
    values: Record<string, string>,
    set: (v: Record<string, string>) => void,
  ) => (
    <Form.Item
      key={p.name}
      label={<code>{p.name}</code>}
      required={p.required}
      tooltip={p.description}
      style={{ marginBottom: 8 }}
    >
      <Input
        data-testid={`try-param-${p.name}`}
        value={values[p.name] ?? ''}
        onChange={(e) => set({ ...values, [p.name]: e.target.value })}
      />
    </Form.Item>
  );

  return (
    <div data-testid="try-it">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('interface.try.keyNote')}
        description={<Link to="/index/system/apiKey">{t('interface.try.createKey')}</Link>}
      />
      <Form layout="horizontal" labelCol={{ flex: '160px' }} labelWrap>
        <Form.Item label={t('interface.try.key')} style={{ marginBottom: 8 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Select<KeyHeader>
              data-testid="try-key-header"
              value={header}
              onChange={saveHeader}
              style={{ width: 190 }}
              options={[
                { value: 'x-api-key', label: 'X-API-Key' },
                { value: 'bearer', label: 'Authorization: Bearer' },
              ]}
            />
            <Input.Password
              data-testid="try-key"
              value={key}
              onChange={(e) => saveKey(e.target.value)}
              placeholder={t('interface.try.keyPlaceholder')}
              autoComplete="off"
            />
          </Space.Compact>
        </Form.Item>
        {pathParams.map((p) => field(p, pathValues, setPathValues))}
        {queryParams.map((p) => field(p, query, setQuery))}
        {withBody ? (
          <Form.Item label={t('interface.body')} style={{ marginBottom: 8 }}>
            <Input.TextArea
              data-testid="try-body-input"
              value={body}
              onChange={(e) => setBody(e.target.value)}
              autoSize={{ minRows: 3, maxRows: 16 }}
              style={{ fontFamily: 'monospace', fontSize: 12 }}
            />
          </Form.Item>
        ) : null}
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        <Tag color="blue">{op.method}</Tag>
        <code data-testid="try-url">{url}</code>
        <Button type="primary" data-testid="try-send" loading={sending} onClick={() => void send()}>
          {t('interface.try.send')}
        </Button>
      </Space>
      {problem ? (
        <Alert
          type="error"
          showIcon
          message={problem}
          data-testid="try-problem"
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {answer ? (
        <div data-testid="try-answer">
          <Typography.Paragraph>
            <Tag
              color={answer.status < 300 ? 'green' : answer.status < 500 ? 'orange' : 'red'}
              data-testid="try-status"
            >
              {answer.status} {answer.statusText}
            </Tag>
            <Typography.Text type="secondary">{t('interface.try.time', { ms: answer.ms })}</Typography.Text>
          </Typography.Paragraph>
          <Descriptions
            size="small"
            bordered
            column={1}
            title={t('interface.try.headers')}
            style={{ marginBottom: 12 }}
          >
            {answer.headers.map(([k, v]) => (
              <Descriptions.Item key={k} label={k}>
                <code>{v}</code>
              </Descriptions.Item>
            ))}
          </Descriptions>
          <JsonBlock value={answer.body} testId="try-response" />
        </div>
      ) : null}
    </div>
  );
}
