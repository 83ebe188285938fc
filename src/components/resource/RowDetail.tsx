import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityDescriptor, ListView } from '../../resources/types';
import { CellValue } from './CellValue';
import { columnSpecs } from './derive';

type Row = Record<string, unknown>;

/** A list row's expanded part: a small table of rows the descriptor takes from it (a result's items). */
export function RowDetail({
  entity,
  detail,
  row,
}: {
  entity: EntityDescriptor;
  detail: NonNullable<ListView['detail']>;
  row: Row;
}) {
  const { t } = useTranslation();
  const specs = columnSpecs(entity, detail.columns);
  return (
    <Table<Row>
      size="small"
      pagination={false}
      data-testid="row-detail"
      rowKey={(_, i) => String(i)}
      dataSource={detail.rows(row)}
      columns={specs.map((spec) => ({
        key: spec.name,
        dataIndex: spec.name,
        title: t(spec.titleKey),
        render: (value: unknown, r: Row) => <CellValue entity={entity} spec={spec} value={value} row={r} />,
      }))}
    />
  );
}
