import { Alert, Badge, Collapse, Empty, Input, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { filterGroups, groupByTag, PUBLIC_TAG } from './openapi/operations';
import type { OpenApiDoc } from './openapi/types';
import { METHOD_COLORS, OperationView } from './OperationView';

/** The OpenAPI document the server builds from its route schemas (server/plugins/docs.ts). */
export const DOC_URL = '/api/docs/json';

/** The live API reference: tags, operations, schemas and a try-it panel, without swagger-ui. */
export default function InterfacePage() {
  const { t } = useTranslation('help');
  const [doc, setDoc] = useState<OpenApiDoc | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  useEffect(() => {
    const ac = new AbortController();
    fetch(DOC_URL, { signal: ac.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        setDoc((await res.json()) as OpenApiDoc);
      })
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setError(e.message);
      });
    return () => ac.abort();
  }, []);

  const groups = useMemo(() => (doc ? groupByTag(doc) : []), [doc]);
  const shown = useMemo(() => filterGroups(groups, search), [groups, search]);

  if (error) return <Alert type="error" showIcon message={t('interface.loadFailed', { error })} />;
  if (!doc) return <Spin style={{ display: 'block', margin: '64px auto' }} />;

  const total = groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <div data-testid="help-interface">
      <Typography.Title level={3} data-testid="help-title">
        {t('interface.title')}
      </Typography.Title>
      <Typography.Paragraph>
        {t('interface.intro', { title: doc.info.title, version: doc.info.version, count: total })}
      </Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('interface.auth')}
        description={
          <Space direction="vertical" size={2}>
            <span>{t('interface.envelopeIntro')}</span>
            <code>X-API-Key: &lt;key&gt; · Authorization: Bearer &lt;key&gt;</code>
            <Link to="/index/system/apiKey">{t('interface.try.createKey')}</Link>
          </Space>
        }
      />
      {!groups.some((g) => g.tag === PUBLIC_TAG) ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('interface.noPublic')}
          data-testid="no-public"
        />
      ) : null}
      <Input.Search
        data-testid="operation-search"
        allowClear
        placeholder={t('interface.search')}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 16, maxWidth: 480 }}
      />
      {shown.length === 0 ? <Empty description={t('interface.noMatch')} /> : null}
      <Collapse
        // A search opens every group that still holds something.
        key={search ? 'search' : 'all'}
        defaultActiveKey={search ? shown.map((g) => g.tag) : shown.slice(0, 1).map((g) => g.tag)}
        items={shown.map((g) => ({
          key: g.tag,
          label: (
            <Space data-testid={`tag-${g.tag}`}>
              <strong>{g.tag === PUBLIC_TAG ? t('interface.publicTag') : g.tag}</strong>
              <Badge count={g.operations.length} color="#8c8c8c" overflowCount={999} />
              {g.description ? <Typography.Text type="secondary">{g.description}</Typography.Text> : null}
            </Space>
          ),
          children: (
            <Collapse
              size="small"
              items={g.operations.map((op) => ({
                key: op.id,
                label: (
                  <Space wrap data-testid="operation" data-op={op.id}>
                    <Tag
                      color={METHOD_COLORS[op.method] ?? 'default'}
                      style={{ minWidth: 56, textAlign: 'center' }}
                    >
                      {op.method}
                    </Tag>
                    <code style={op.deprecated ? { textDecoration: 'line-through' } : undefined}>
                      {op.path}
                    </code>
                    <Typography.Text type="secondary">{op.summary ?? op.description}</Typography.Text>
                  </Space>
                ),
                children: <OperationView op={op} doc={doc} />,
              }))}
            />
          ),
        }))}
      />
    </div>
  );
}
