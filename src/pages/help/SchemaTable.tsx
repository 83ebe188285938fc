import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRows, type SchemaRow } from './openapi/rows';
import type { JsonSchema, OpenApiDoc } from './openapi/types';

const code = { fontFamily: 'monospace', fontSize: 12 } as const;

/** A schema as a table of fields (nested fields as child rows): name, type, required, limits, description. */
export function SchemaTable({
  schema,
  doc,
  testId,
}: {
  schema: JsonSchema | null;
  doc: OpenApiDoc;
  testId?: string;
}) {
  const { t } = useTranslation('help');
  const rows = useMemo(() => schemaRows(schema, doc), [schema, doc]);
  const columns: ColumnsType<SchemaRow> = [
    {
      title: t('schema.field'),
      dataIndex: 'name',
      render: (name: string) => <span style={code}>{name || t('schema.root')}</span>,
    },
    {
      title: t('schema.type'),
      dataIndex: 'type',
      render: (type: string, r) => (
        <>
          <span style={code}>{type}</span>
          {r.nullable ? <Tag style={{ marginLeft: 6 }}>{t('schema.nullable')}</Tag> : null}
          {r.enumValues ? (
            <div style={code}>
              {t('schema.oneOf')} {r.enumValues.map((v) => JSON.stringify(v)).join(', ')}
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: t('schema.required'),
      dataIndex: 'required',
      width: 90,
      render: (req: boolean) =>
        req ? (
          <Tag color="red">{t('schema.yes')}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('schema.no')}</Typography.Text>
        ),
    },
    {
      title: t('schema.bounds'),
      dataIndex: 'bounds',
      render: (bounds: SchemaRow['bounds']) =>
        bounds.map((b) => (
          <div key={b.kind} style={code}>
            {t(`bounds.${b.kind}`, { value: b.value })}
          </div>
        )),
    },
    { title: t('schema.description'), dataIndex: 'description' },
  ];
  if (!rows.length) return <Typography.Text type="secondary">{t('schema.none')}</Typography.Text>;
  return (
    <Table<SchemaRow>
      data-testid={testId}
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      expandable={{ defaultExpandAllRows: true }}
    />
  );
}

/** An example value as formatted JSON. */
export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre
      data-testid={testId}
      style={{
        ...code,
        background: '#fafafa',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        padding: 8,
        maxHeight: 360,
        overflow: 'auto',
        margin: 0,
      }}
    >
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}
