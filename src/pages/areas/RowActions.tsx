import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The row's name, in the delete confirmation. */
  name: string;
  /** Test ids: `<testId>-edit-<id>`, `<testId>-delete-<id>`. */
  testId: string;
  id: number;
  /** Demo and roles without the right: only `children` (read actions) are shown. */
  readOnly: boolean;
  onEdit(): void;
  onDelete(): void;
  /** Read actions before edit and delete (visits, arrivals). */
  children?: ReactNode;
}

/** The action cell of the area and bus route lists: read actions, then edit and a confirmed delete. */
export function RowActions({ name, testId, id, readOnly, onEdit, onDelete, children }: Props) {
  const { t } = useTranslation('area');
  return (
    <Space size={4} wrap>
      {children}
      {!readOnly && (
        <>
          <Button size="small" type="link" onClick={onEdit} data-testid={`${testId}-edit-${id}`}>
            {t('actions.edit')}
          </Button>
          <Popconfirm title={t('actions.confirmDelete', { name })} onConfirm={onDelete}>
            <Button size="small" type="link" danger data-testid={`${testId}-delete-${id}`}>
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </>
      )}
    </Space>
  );
}
