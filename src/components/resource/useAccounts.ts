import { useCallback, useEffect, useMemo, useState } from 'react';
import { PERMISSIONS as P } from '../../../config/roles';
import { abilityFor, can } from '../../domain/ability';
import { buildAgentTree, type AgentRow, type AgentTreeNode } from '../../domain/hierarchy';
import { request } from '../../providers/http';
import { useSessionUser } from '../../hooks/useSession';

export interface AccountTree {
  roots: AgentTreeNode[];
  /** The agent map keyed by id (spec section 3). */
  map: Map<number, AgentTreeNode>;
}

// One load per user and page visit: every account field of a screen shares it.
const cache = new Map<number, Promise<AccountTree>>();

export function loadAccounts(userId: number, fresh = false): Promise<AccountTree> {
  let pending = fresh ? undefined : cache.get(userId);
  if (!pending) {
    pending = request<AgentRow[]>('/user/findAllUserV2', { id: userId }).then((rows) => buildAgentTree(rows));
    pending.catch(() => cache.delete(userId));
    cache.set(userId, pending);
  }
  return pending;
}

/**
 * The caller's subtree of accounts (findAllUserV2 rows → agent tree and agent map). Asked only
 * of an account whose ability holds the account list (the server's rule for the call): an end
 * user or factory staff have no sub-accounts to pick, and the call would only answer 403.
 */
export function useAccounts() {
  const user = useSessionUser();
  const mayList = useMemo(() => can(abilityFor(user), P.agentList), [user]);
  const [tree, setTree] = useState<AccountTree>({ roots: [], map: new Map() });
  const [loading, setLoading] = useState(mayList);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(
    async (fresh = true) => {
      if (!user || !mayList) return;
      setLoading(true);
      try {
        setTree(await loadAccounts(user.id, fresh));
        setError(null);
      } catch (err) {
        setError(err);
      } finally {
        setLoading(false);
      }
    },
    [user, mayList],
  );

  useEffect(() => {
    void reload(false);
  }, [reload]);

  return { ...tree, loading, error, reload };
}

export interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
  disabled?: boolean;
}

/** TreeSelect data of the account tree; `disable` greys out accounts that may not be chosen. */
export function treeOptions(roots: AgentTreeNode[], disable?: (n: AgentTreeNode) => boolean): TreeOption[] {
  return roots.map((n) => ({
    value: n.id,
    title: n.nickname ? `${n.username} (${n.nickname})` : n.username,
    disabled: disable?.(n),
    children: treeOptions(n.children, disable),
  }));
}
