/**
 * The account hierarchy as `ancestors` chains ("0,1,2": root marker 0, then each ancestor id).
 * Pure helpers shared by the server's scope checks and the UI's agent tree.
 */
export interface HierarchyNode {
  id: number;
  ancestors: string;
}

/** The ancestors value of a new child of `parent`. */
export const childAncestors = (parent: HierarchyNode) => `${parent.ancestors},${parent.id}`;

/** True when `target` is `root` or lies anywhere below it. */
export function isInSubtree(target: HierarchyNode, root: HierarchyNode): boolean {
  if (target.id === root.id) return true;
  return `${target.ancestors},`.startsWith(`${childAncestors(root)},`);
}

/** True when `target` lies strictly below `root`. */
export const isDescendant = (target: HierarchyNode, root: HierarchyNode) =>
  target.id !== root.id && isInSubtree(target, root);

export const ancestorIds = (node: HierarchyNode): number[] =>
  node.ancestors
    .split(',')
    .map(Number)
    .filter((n) => n > 0);

/** Agent list rows (spec section 3): id, parent id, ancestors, username, nickname, role, device count, sale count. */
export type AgentRow = [number, number, string, string, string, number, number, number];

export interface AgentTreeNode {
  id: number;
  parentId: number;
  ancestors: string;
  username: string;
  nickname: string;
  role: number;
  deviceCount: number;
  saleCount: number;
  children: AgentTreeNode[];
}

/** Builds the agent map keyed by id and the forest of roots (nodes whose parent is not in the rows). */
export function buildAgentTree(rows: readonly AgentRow[]): {
  map: Map<number, AgentTreeNode>;
  roots: AgentTreeNode[];
} {
  const map = new Map<number, AgentTreeNode>();
  for (const [id, parentId, ancestors, username, nickname, role, deviceCount, saleCount] of rows) {
    map.set(id, { id, parentId, ancestors, username, nickname, role, deviceCount, saleCount, children: [] });
  }
  const roots: AgentTreeNode[] = [];
  for (const node of map.values()) {
    const parent = map.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return { map, roots };
}
