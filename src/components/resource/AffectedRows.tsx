import { Descriptions, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../providers/http';
import type { EntityAction, EntityDescriptor } from '../../resources/types';
import { filterSummary } from './filterSummary';
import { useAccounts } from './useAccounts';

/** How many rows an action on "all matching" changes, read with the list call: null until known. */
export function useAffectedCount(action: EntityAction, filters: Record<string, unknown> | undefined) {
  const [count, setCount] = useState<number | null>(null);
  // By value: the list builds its filters object again on every render.
  const key = JSON.stringify(filters ?? {});
  useEffect(() => {
    if (!action.affects) return;
    let live = true;
    const { endpoint, params } = action.affects;
    request<{ total: number }>(endpoint, { ...JSON.parse(key), ...params, pageNum: 1, pageSize: 1 })
      .then((d) => live && setCount(Number(d?.total ?? 0)))
      .catch(() => live && setCount(null));
    return () => {
      live = false;
    };
  }, [action, key]);
  return count;
}

/**
 * The body of a confirmation of an action on every matching row (mark all read): how many rows
 * it changes and the filters that choose them, or that none is set (every row of the account).
 */
export function AffectedRows({
  entity,
  action,
  filterNames,
  filters,
  count,
}: {
  entity: EntityDescriptor;
  action: EntityAction;
  filterNames: readonly string[];
  filters: Record<string, unknown>;
  count: number | null;
}) {
  const { t } = useTranslation();
  const { map: accounts } = useAccounts();
  const ns = entity.namespace;
  const lines = filterSummary(entity, filterNames, filters, t, accounts, action.affects?.ignoredFilters);
  return (
    <div data-testid="action-affects">
      {count === null ? (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      ) : (
        <Typography.Paragraph strong data-testid="action-confirm">
          {t(`${ns}:${action.confirmKey}`, { count })}
        </Typography.Paragraph>
      )}
      {lines.length > 0 ? (
        <div data-testid="action-filters">
          <Typography.Text type="secondary">
            {t([`${ns}:generic.matching`, 'device:generic.matching'])}
          </Typography.Text>
          <Descriptions
            size="small"
            column={1}
            style={{ marginTop: 4 }}
            items={lines.map((l) => ({ key: l.name, label: l.label, children: l.text }))}
          />
        </div>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="action-filters">
          {t([`${ns}:generic.matchingAll`, 'device:generic.matchingAll'])}
        </Typography.Paragraph>
      )}
    </div>
  );
}
