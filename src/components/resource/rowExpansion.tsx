import type { TableProps } from 'antd';
import { Suspense } from 'react';
import type { EntityDescriptor, ListView } from '../../resources/types';
import { RowDetail } from './RowDetail';

type Row = Record<string, unknown>;

/** How a list's rows expand: into the view's own component, into a small table of the row's items, or not at all. */
export function rowExpansion(entity: EntityDescriptor, view: ListView): TableProps<Row>['expandable'] {
  if (view.detailComponent) {
    const Detail = view.detailComponent;
    return {
      expandRowByClick: true,
      expandedRowRender: (row) => (
        // Fills the row without widening the list to the detail's own width.
        <div style={{ width: 0, minWidth: '100%' }}>
          <Suspense fallback={null}>
            <Detail row={row} />
          </Suspense>
        </div>
      ),
    };
  }
  const detail = view.detail;
  if (!detail) return undefined;
  return {
    rowExpandable: (row) => detail.rows(row).length > 0,
    expandedRowRender: (row) => <RowDetail entity={entity} detail={detail} row={row} />,
  };
}
