import { describe, expect, it } from 'vitest';
import {
  ownersToExclude,
  parseRowLines,
  reportLines,
  rowsToLines,
  sheetRows,
  summaryOf,
} from '../../../src/components/resource/derive';
import { canReceive, filterTree, ACCOUNT_ACTIONS } from '../../../src/pages/agent/accountActions';
import { buildAgentTree, type AgentRow } from '../../../src/domain/hierarchy';
import { ROLE } from '../../../config/roles';

describe('pasted and uploaded rows', () => {
  it('splits lines on tabs, commas or semicolons, else on blanks; blank lines dropped', () => {
    const rows = parseRowLines(
      '868120000000001,89860000000000000001\n\n  868120000000002\t8986\n868120000000003 8987 ',
      ['terminalID', 'iccid'],
    );
    expect(rows).toEqual([
      { terminalID: '868120000000001', iccid: '89860000000000000001' },
      { terminalID: '868120000000002', iccid: '8986' },
      { terminalID: '868120000000003', iccid: '8987' },
    ]);
    // A name with spaces survives when the line has commas.
    expect(
      parseRowLines('868120000000001,京A12345,Big truck', ['terminalID', 'carNumber', 'nickname'])[0]
        .nickname,
    ).toBe('Big truck');
  });

  it('drops a header row of a sheet but keeps a first row that holds an IMEI', () => {
    expect(
      sheetRows(
        [
          ['IMEI', 'ICCID'],
          ['868120000000001', '8986'],
          ['', ''],
        ],
        ['terminalID', 'iccid'],
      ),
    ).toEqual([{ terminalID: '868120000000001', iccid: '8986' }]);
    expect(sheetRows([['868120000000001'], ['868120000000002']], ['terminalID'])).toHaveLength(2);
    expect(rowsToLines([{ terminalID: 'a', iccid: 'b' }], ['terminalID', 'iccid'])).toBe('a,b');
    expect(rowsToLines([{ terminalID: 'a' }, { terminalID: 'b' }], ['terminalID'])).toBe('a\nb');
  });
});

describe('import reports', () => {
  it('reads the device import answer (line, imei) and the ICCID import answer (row, terminalID)', () => {
    const device = reportLines({
      imported: 1,
      results: [
        { line: 1, imei: '868120000000001', ok: true },
        { line: 2, imei: '12', ok: false, key: 'imeiInvalid' },
      ],
    });
    expect(device[1]).toMatchObject({ line: 2, terminalID: '12', ok: false, key: 'imeiInvalid' });
    expect(summaryOf(device)).toEqual({ total: 2, ok: 1, failed: 1 });
    const iccid = reportLines({
      results: [{ row: 3, terminalID: 'x', iccid: '1', ok: false, key: 'iccidInvalid' }],
    });
    expect(iccid[0]).toMatchObject({ line: 3, terminalID: 'x', iccid: '1', key: 'iccidInvalid' });
  });
});

describe('transfer targets', () => {
  it('excludes the owner shared by every selected device, and only then', () => {
    const rows = [
      { terminalID: 'a', userId: 2 },
      { terminalID: 'b', userId: 2 },
    ];
    expect(ownersToExclude('userId', ['a', 'b'], rows)).toEqual([2]);
    expect(ownersToExclude('userId', ['a', 'b'], [rows[0], { terminalID: 'b', userId: 3 }])).toBeUndefined();
    // A selection whose rows are not all known (other pages) excludes nothing.
    expect(ownersToExclude('userId', ['a', 'b', 'c'], rows)).toBeUndefined();
    expect(ownersToExclude(undefined, ['a', 'b'], rows)).toBeUndefined();
  });
});

describe('agent tree actions', () => {
  const rows: AgentRow[] = [
    [2, 1, '0,1', 'agent', 'A', ROLE.agent, 10, 0],
    [3, 2, '0,1,2', 'subagent', 'S', ROLE.agent, 5, 0],
    [4, 3, '0,1,2,3', 'user', 'U', ROLE.user, 1, 0],
    [8, 2, '0,1,2', 'superuser', '车队主管', ROLE.superUser, 0, 0],
  ];
  const { map, roots } = buildAgentTree(rows);

  it('offers sub-users only under agents, and never deleting oneself', () => {
    const add = ACCOUNT_ACTIONS.find((a) => a.name === 'add')!;
    expect(add.applies(map.get(3)!, 2)).toBe(true);
    expect(add.applies(map.get(4)!, 2)).toBe(false);
    const del = ACCOUNT_ACTIONS.find((a) => a.name === 'delete')!;
    expect(del.applies(map.get(2)!, 2)).toBe(false);
    expect(del.applies(map.get(3)!, 2)).toBe(true);
    expect(add.body(map.get(3)!, { username: 'x' })).toEqual({ username: 'x', parentId: 3 });
  });

  it('moves an account only under an agent outside its own subtree, not to its current parent', () => {
    const sub = map.get(3)!;
    expect(canReceive(map.get(2)!, sub)).toBe(false); // current parent
    expect(canReceive(sub, sub)).toBe(false); // itself
    expect(canReceive(map.get(4)!, map.get(8)!)).toBe(false); // a user cannot have sub-users
    expect(canReceive(map.get(3)!, map.get(8)!)).toBe(true);
    expect(canReceive(map.get(2)!, map.get(4)!)).toBe(true);
  });

  it('filters the tree by user name or name and keeps the path to each hit', () => {
    const hit = filterTree(roots, 'USER');
    expect(hit[0].username).toBe('agent');
    const names = JSON.stringify(hit);
    expect(names).toContain('"user"');
    expect(names).toContain('superuser');
    expect(filterTree(roots, '车队')[0].children.map((c) => c.username)).toEqual(['superuser']);
  });
});
