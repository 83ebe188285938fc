import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWriteRefusal } from '../../hooks/useWriteRefusal';
import type { EntityAction, EntityDescriptor } from '../../resources/types';
import { WriteGuard } from '../WriteGuard';
import { actionWrites } from './writes';

type Row = Record<string, unknown>;

/** The action buttons of one list row: those whose `when` the row meets. */
export function RowActions({
  entity,
  actions,
  row,
  phone,
  onStart,
}: {
  entity: EntityDescriptor;
  actions: readonly EntityAction[];
  row: Row;
  phone: boolean;
  onStart: (action: EntityAction, row: Row) => void;
}) {
  const { t } = useTranslation();
  const refusal = useWriteRefusal();
  return (
    // A click on an action does not also expand the row (detailComponent rows expand by click).
    // Stacked on a phone: a narrow fixed column leaves room for the columns that scroll.
    <Space
      size={phone ? 0 : 'small'}
      direction={phone ? 'vertical' : 'horizontal'}
      onClick={(e) => e.stopPropagation()}
    >
      {actions
        .filter((a) => !a.when || a.when(row))
        .map((a) => (
          <WriteGuard key={a.name} write={actionWrites(a)} reason={refusal}>
            <Button
              size="small"
              type="link"
              danger={a.danger}
              data-testid={`row-${a.name}`}
              onClick={() => onStart(a, row)}
            >
              {t(`${entity.namespace}:${a.labelKey}`)}
            </Button>
          </WriteGuard>
        ))}
    </Space>
  );
}
