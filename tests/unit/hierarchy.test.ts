import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  buildAgentTree,
  childAncestors,
  isDescendant,
  isInSubtree,
  type AgentRow,
} from '../../src/domain/hierarchy';

const admin = { id: 1, ancestors: '0' };
const agent = { id: 2, ancestors: '0,1' };
const sub = { id: 3, ancestors: '0,1,2' };
const agent12 = { id: 12, ancestors: '0,1' };
const under12 = { id: 20, ancestors: '0,1,12' };

describe('ancestors chains', () => {
  it('a child chain is the parent chain plus the parent id', () => {
    expect(childAncestors(agent)).toBe('0,1,2');
  });
  it('subtree membership does not confuse id 1 with 12 or 2 with 20', () => {
    expect(isInSubtree(sub, agent)).toBe(true);
    expect(isInSubtree(agent, agent)).toBe(true);
    expect(isInSubtree(under12, agent)).toBe(false);
    expect(isInSubtree({ id: 21, ancestors: '0,1,20' }, agent)).toBe(false);
    expect(isInSubtree(under12, admin)).toBe(true);
    expect(isInSubtree(agent, sub)).toBe(false);
  });
  it('descendant excludes the node itself', () => {
    expect(isDescendant(agent, agent)).toBe(false);
    expect(isDescendant(sub, agent)).toBe(true);
    expect(isDescendant(agent12, agent)).toBe(false);
  });
  it('ancestor ids skip the root marker', () => {
    expect(ancestorIds(sub)).toEqual([1, 2]);
    expect(ancestorIds(admin)).toEqual([]);
  });
});

describe('agent tree from array rows', () => {
  it('builds the map keyed by id and nests children', () => {
    const rows: AgentRow[] = [
      [2, 1, '0,1', 'agent', 'A', 2, 10, 3],
      [3, 2, '0,1,2', 'subagent', 'S', 2, 4, 0],
      [4, 3, '0,1,2,3', 'user', 'U', 3, 2, 0],
      [5, 2, '0,1,2', 'other', 'O', 3, 0, 0],
    ];
    const { map, roots } = buildAgentTree(rows);
    expect(roots.map((r) => r.id)).toEqual([2]);
    expect(map.get(2)!.children.map((c) => c.username)).toEqual(['subagent', 'other']);
    expect(map.get(3)!.children[0]).toMatchObject({ id: 4, deviceCount: 2, role: 3 });
  });
});
