import { QueryFilter } from '@ant-design/pro-components';
import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { FilterOutlined } from '@ant-design/icons';
import { App, Button, Card, Drawer, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '../../domain/constants';
import { abilityFor, hasAnyPermission } from '../../domain/ability';
import { useIsPhone } from '../../hooks/useIsPhone';
import { useSessionUser } from '../../hooks/useSession';
import { errorText } from '../../i18n/errorText';
import { filtersToFields } from '../../providers/dataProvider';
import type { EntityAction, EntityDescriptor, ListView, ResourceDescriptor } from '../../resources/types';
import { RefineScope } from '../../shell/RefineScope';
import { ActionModal } from './ActionModal';
import { AddressCell } from './AddressCell';
import { BatchBar } from './BatchBar';
import { CellValue } from './CellValue';
import { actionPath, columnSpecs, filtersFromQuery, initialValues, requestBody } from './derive';
import { useNavigate, useSearchParams } from 'react-router';
import { getFile } from './fileCalls';
import { saveBlob } from './files';
import { formItems } from './formItems';
import { ListToolbar } from './ListToolbar';
import { rowExpansion } from './rowExpansion';
import { RowActions } from './RowActions';
import { useAccounts } from './useAccounts';
import { useScopeFields } from './useScopeFields';
import { useRunAction } from './useRunAction';

type Row = Record<string, unknown>;

const toFilters = (body: Record<string, unknown>): CrudFilter[] =>
  Object.entries(body).map(([field, value]) => ({ field, operator: 'eq', value }));

interface ListScreenProps {
  resource: ResourceDescriptor;
  entity: EntityDescriptor;
  view: ListView;
}

/** A descriptor's list: filters, paged table, row selection with batch actions, and export. */
export function ListScreen(props: ListScreenProps) {
  return (
    <RefineScope>
      <ListScreenBody {...props} />
    </RefineScope>
  );
}

function ListScreenBody({ resource, entity, view }: ListScreenProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useSessionUser();
  const ability = useMemo(() => abilityFor(user), [user]);
  const allowed = (a: EntityAction) => !a.permissions || hasAnyPermission(ability, a.permissions);
  const { map: accounts } = useAccounts();
  const phone = useIsPhone();
  // On a phone the filters live in a bottom drawer behind one button (docs/mobile.md).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterNames = view.filters ?? [];
  const shownFilters = useScopeFields(entity, filterNames);
  // A link may arrive with filters in its query (?batchId=…): they start the list.
  const [search] = useSearchParams();
  const [startValues] = useState(() => ({
    ...initialValues(entity, filterNames),
    ...filtersFromQuery(entity, filterNames, search),
  }));
  const initialFilters = toFilters(requestBody(entity, filterNames, startValues));

  const { tableProps, searchFormProps, filters, tableQuery } = useTable<Row, never, Row>({
    resource: resource.name,
    meta: { endpoints: { list: view.endpoint }, params: view.params, method: view.method },
    pagination: { pageSize: PAGE_SIZE_DEFAULT, mode: view.paged === false ? 'off' : 'server' },
    filters: { initial: initialFilters, defaultBehavior: 'replace' },
    syncWithLocation: false,
    queryOptions: view.refreshMs ? { refetchInterval: view.refreshMs } : undefined,
    onSearch: (values) => toFilters(requestBody(entity, filterNames, values)),
    errorNotification: (err) => ({ type: 'error', message: errorText(err) }),
  });

  const [selected, setSelected] = useState<React.Key[]>([]);
  // Selected rows by key, across pages (antd gives the rows of the pages it has seen).
  const [selectedRows, setSelectedRows] = useState<Map<React.Key, Row>>(new Map());
  const onSelect = (keys: React.Key[], rows: (Row | undefined)[]) => {
    setSelected(keys);
    setSelectedRows((prev) => {
      const next = new Map<React.Key, Row>();
      for (const k of keys) if (prev.has(k)) next.set(k, prev.get(k)!);
      for (const r of rows) if (r) next.set(r[view.rowKey] as React.Key, r);
      return next;
    });
  };
  const [action, setAction] = useState<{ action: EntityAction; row?: Row } | null>(null);
  const batchActions = (view.batchActions ?? []).filter(allowed);
  const toolbarActions = (view.toolbarActions ?? []).filter(allowed);
  const links = (view.links ?? []).filter((l) => !l.permissions || hasAnyPermission(ability, l.permissions));
  const navigate = useNavigate();
  const rowActions = (view.rowActions ?? []).filter(allowed);
  const listFilters = { ...filtersToFields(filters), ...view.params };
  const afterAction = (a: EntityAction) => {
    if (a.batch || a.targetsParam) onSelect([], []);
    void tableQuery.refetch();
  };
  const runNow = useRunAction(afterAction);
  /** A download fetches the row's file with the session's token and saves it. */
  const download = async (a: EntityAction, row: Row) => {
    try {
      saveBlob(await getFile(actionPath(a, row)), String(row[a.download!.fileNameFrom] ?? a.name));
    } catch (err) {
      message.error(errorText(err));
    }
  };
  /** An immediate action posts at once; any other opens its confirmation or form. */
  const start = (a: EntityAction, row?: Row) =>
    a.download && row
      ? void download(a, row)
      : a.immediate
        ? void runNow(a, { row, targets: selected.map(String), filters: listFilters })
        : setAction({ action: a, row });

  const specs = columnSpecs(entity, view.columns);
  const columns = [
    ...specs.map((spec) => ({
      key: spec.name,
      dataIndex: spec.name,
      title: t(spec.titleKey),
      width: spec.width,
      render: (value: unknown, row: Row) =>
        spec.field.addressLookup ? (
          <AddressCell value={value} row={row} lookup={spec.field.addressLookup} />
        ) : (
          <CellValue entity={entity} spec={spec} value={value} row={row} accounts={accounts} />
        ),
    })),
    ...(rowActions.length > 0
      ? [
          {
            key: '_actions',
            title: t('device:generic.actions'),
            // The row's actions stay in view when the other columns scroll.
            fixed: 'right' as const,
            render: (_: unknown, row: Row) => (
              <RowActions entity={entity} actions={rowActions} row={row} phone={phone} onStart={start} />
            ),
          },
        ]
      : []),
  ];

  const form = searchFormProps.form!;
  const filterForm = (
    <QueryFilter
      form={form}
      initialValues={startValues}
      onFinish={async (values) => {
        setFiltersOpen(false);
        searchFormProps.onFinish?.(values as Row);
      }}
      onReset={() => searchFormProps.onFinish?.(initialValues(entity, filterNames))}
      defaultCollapsed={!phone}
      // Our texts: pro-components would fall back to its Chinese ones for languages it lacks.
      submitter={{
        searchConfig: { submitText: t('device:generic.search'), resetText: t('device:generic.reset') },
      }}
      collapseRender={
        phone
          ? false
          : (collapsed) => (
              <span data-testid="filters-toggle">
                {t(collapsed ? 'device:generic.expand' : 'device:generic.collapse')}
              </span>
            )
      }
      labelWidth="auto"
      span={phone ? 24 : 8}
    >
      {formItems(entity, shownFilters, t, false)}
    </QueryFilter>
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`list-${resource.name}`}>
      {filterNames.length > 0 && phone ? (
        <>
          <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)} data-testid="filters-open">
            {t('common:filters')}
          </Button>
          {/* Kept mounted: the table's search form must stay connected while the drawer is shut. */}
          <Drawer
            placement="bottom"
            height="auto"
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            title={t('common:filters')}
            forceRender
            styles={{ body: { maxHeight: '75dvh', overflow: 'auto' } }}
            data-testid="filters-drawer"
          >
            {filterForm}
          </Drawer>
        </>
      ) : filterNames.length > 0 ? (
        <Card size="small">{filterForm}</Card>
      ) : null}
      <Card
        size="small"
        title={t(`menu:${resource.labelKey}`)}
        extra={
          <ListToolbar
            entity={entity}
            view={view}
            links={links}
            actions={toolbarActions}
            filters={listFilters}
            onAction={(a) => start(a)}
          />
        }
      >
        {batchActions.length > 0 ? (
          <BatchBar entity={entity} actions={batchActions} selected={selected.length} onStart={start} />
        ) : null}
        <Table<Row>
          {...tableProps}
          rowKey={view.rowKey}
          size="small"
          scroll={{ x: 'max-content' }}
          columns={columns}
          loading={tableQuery.isFetching}
          onRow={
            view.emphasize
              ? (row) =>
                  (view.emphasize!(row)
                    ? {
                        'data-emphasized': 'true',
                        style: { fontWeight: 600, background: 'rgba(22,119,255,0.04)' },
                      }
                    : {}) as React.HTMLAttributes<HTMLElement>
              : undefined
          }
          expandable={rowExpansion(entity, view)}
          rowSelection={
            batchActions.length > 0
              ? { selectedRowKeys: selected, onChange: onSelect, preserveSelectedRowKeys: true }
              : undefined
          }
          pagination={
            view.paged === false
              ? false
              : {
                  ...(tableProps.pagination || {}),
                  showSizeChanger: true,
                  pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
                  showTotal: (total) => t('device:generic.totalRows', { total }),
                }
          }
        />
      </Card>
      {action ? (
        <ActionModal
          entity={entity}
          action={action.action}
          row={action.row}
          targets={selected.map(String)}
          targetRows={[...selectedRows.values()]}
          filters={listFilters}
          filterNames={filterNames}
          onClose={(changed) => {
            setAction(null);
            if (changed && action.action.after) navigate(action.action.after(action.row));
            else if (changed) afterAction(action.action);
          }}
        />
      ) : null}
    </Space>
  );
}
