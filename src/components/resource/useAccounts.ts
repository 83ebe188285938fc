import { useCallback, useEffect, useState } from 'react';
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

/** The caller's subtree of accounts (findAllUserV2 rows → agent tree and agent map). */
export function useAccounts() {
  const user = useSessionUser();
  const [tree, setTree] = useState<AccountTree>({ roots: [], map: new Map() });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(
    async (fresh = true) => {
      if (!user) return;
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
    [user],
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
