import { Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiOperation } from './openapi/operations';
import { envelopeData } from './openapi/schema';
import type { JsonSchema, OpenApiDoc, ParameterObject } from './openapi/types';
import { JsonBlock, SchemaTable } from './SchemaTable';
import { TryIt } from './TryIt';

export const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'purple',
  DELETE: 'red',
};

/** Parameters of one location (path, query, header) read as the fields of an object. */
function asObject(params: ParameterObject[]): JsonSchema {
  return {
    type: 'object',
    required: params.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(
      params.map((p) => [p.name, { ...p.schema, ...(p.description ? { description: p.description } : {}) }]),
    ),
  };
}

function Parameters({ op, doc }: { op: ApiOperation; doc: OpenApiDoc }) {
  const { t } = useTranslation('help');
  const places = (['path', 'query', 'header'] as const).filter((where) =>
    op.parameters.some((p) => p.in === where),
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {places.map((where) => (
        <div key={where}>
          <Typography.Text strong>{t(`interface.in.${where}`)}</Typography.Text>
          <SchemaTable
            schema={asObject(op.parameters.filter((p) => p.in === where))}
            doc={doc}
            testId={`params-${where}`}
          />
        </div>
      ))}
      {op.body ? (
        <div>
          <Typography.Text strong>
            {t('interface.body')} <Tag>{op.body.contentType}</Tag>
          </Typography.Text>
          <SchemaTable schema={op.body.schema} doc={doc} testId="request-schema" />
          {op.body.example !== undefined ? (
            <>
              <Typography.Text type="secondary">{t('interface.example')}</Typography.Text>
              <JsonBlock value={op.body.example} />
            </>
          ) : null}
        </div>
      ) : null}
      {!places.length && !op.body ? (
        <Typography.Text type="secondary">{t('interface.noParameters')}</Typography.Text>
      ) : null}
    </Space>
  );
}

function Responses({ op, doc }: { op: ApiOperation; doc: OpenApiDoc }) {
  const { t } = useTranslation('help');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {op.responses.map((r) => {
        // Every route answers the envelope {meta, data}: the table shows `data`, where answers differ.
        const data = envelopeData(r.schema, doc);
        return (
          <div key={r.status} data-testid={`response-${r.status}`}>
            <Typography.Text strong>
              <Tag color={r.status.startsWith('2') ? 'green' : 'volcano'}>{r.status}</Tag>
              {r.description}
            </Typography.Text>
            {data ? (
              <>
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
                  {t('interface.envelope')}
                </Typography.Paragraph>
                <SchemaTable schema={data} doc={doc} testId={`response-schema-${r.status}`} />
              </>
            ) : (
              <SchemaTable schema={r.schema} doc={doc} testId={`response-schema-${r.status}`} />
            )}
            {r.example !== undefined ? (
              <>
                <Typography.Text type="secondary">{t('interface.example')}</Typography.Text>
                <JsonBlock value={r.example} />
              </>
            ) : null}
          </div>
        );
      })}
    </Space>
  );
}

/** One operation: its description, what it takes, what it answers, and the try-it panel. */
export function OperationView({ op, doc }: { op: ApiOperation; doc: OpenApiDoc }) {
  const { t } = useTranslation('help');
  return (
    <div data-testid="operation-view">
      {op.summary && op.description ? <Typography.Paragraph>{op.description}</Typography.Paragraph> : null}
      <Tabs
        size="small"
        items={[
          { key: 'request', label: t('interface.tabs.request'), children: <Parameters op={op} doc={doc} /> },
          { key: 'response', label: t('interface.tabs.response'), children: <Responses op={op} doc={doc} /> },
          {
            key: 'try',
            label: <span data-testid="try-tab">{t('interface.tabs.try')}</span>,
            children: <TryIt op={op} doc={doc} />,
          },
        ]}
      />
    </div>
  );
}
