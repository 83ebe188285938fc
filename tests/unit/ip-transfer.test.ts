import { describe, expect, it } from 'vitest';
import {
  decodeJt808Params,
  encodeJt808Params,
  encodeJt808ServerParams,
  JT808_PARAM,
  readJt808ServerParams,
} from '../../server/gateway/jt808/params';
import { serverAddressRequest } from '../../server/services/ip-transfer/send';
import { gt06ServerAddress, jt808ServerAddress } from '../../server/sim/server-address';
import {
  checkTransferLines,
  checkTransferTarget,
  gt06ServerCommand,
  isIpv4,
  parseGt06ServerCommand,
  transferCounts,
} from '../../src/domain/ip-transfer';

describe('transfer target', () => {
  it('takes a domain name or IPv4 address without a port, and a port 1-65535', () => {
    expect(checkTransferTarget('gw.example.com', 5023)).toBeNull();
    expect(checkTransferTarget(' 10.0.0.8 ', 7018)).toBeNull();
    expect(checkTransferTarget('gw.example.com:5023', 5023)).toBe('transferHostInvalid');
    expect(checkTransferTarget('300.1.1.1', 5023)).toBe('transferHostInvalid');
    expect(checkTransferTarget('bad host', 5023)).toBe('transferHostInvalid');
    expect(checkTransferTarget('', 5023)).toBe('transferHostInvalid');
    expect(checkTransferTarget('gw.example.com', 0)).toBe('transferPortInvalid');
    expect(checkTransferTarget('gw.example.com', 65536)).toBe('transferPortInvalid');
  });

  it('tells an IPv4 address from a name', () => {
    expect(isIpv4('127.0.0.1')).toBe(true);
    expect(isIpv4('256.0.0.1')).toBe(false);
    expect(isIpv4('gw1.example.com')).toBe(false);
  });
});

describe('GT06 server command', () => {
  it('uses mode 0 for an IP address and 1 for a domain name, TCP', () => {
    expect(gt06ServerCommand('47.88.1.2', 7700)).toBe('SERVER,0,47.88.1.2,7700,0#');
    expect(gt06ServerCommand('gw.example.com', 7700)).toBe('SERVER,1,gw.example.com,7700,0#');
  });

  it('is read back by a tracker; other commands are not server commands', () => {
    expect(parseGt06ServerCommand('SERVER,1,gw.example.com,7700,0#')).toEqual({
      host: 'gw.example.com',
      port: 7700,
    });
    expect(gt06ServerAddress('server,0,10.1.2.3,5023#')).toEqual({ host: '10.1.2.3', port: 5023 });
    expect(parseGt06ServerCommand('RELAY,1#')).toBeNull();
    expect(parseGt06ServerCommand('SERVER,0,10.1.2.3,99999,0#')).toBeNull();
  });
});

describe('JT/T 808 server parameters (0x8103)', () => {
  it('encodes the count, then id DWORD, length BYTE and value per item', () => {
    const body = encodeJt808ServerParams('gw.example.com', 7018);
    expect(body[0]).toBe(2);
    expect(body.readUInt32BE(1)).toBe(JT808_PARAM.mainServer);
    expect(body[5]).toBe('gw.example.com'.length);
    expect(body.subarray(6, 6 + 14).toString('latin1')).toBe('gw.example.com');
    expect(body.readUInt32BE(20)).toBe(JT808_PARAM.tcpPort);
    expect(body[24]).toBe(4);
    expect(body.readUInt32BE(25)).toBe(7018);
    expect(body.length).toBe(29);
  });

  it('is read back, and a tracker keeps the half a body does not set', () => {
    expect(readJt808ServerParams(encodeJt808ServerParams('10.0.0.9', 6001))).toEqual({
      host: '10.0.0.9',
      port: 6001,
    });
    const portOnly = encodeJt808Params([{ id: JT808_PARAM.tcpPort, value: Buffer.from([0, 0, 0x1b, 0x58]) }]);
    expect(jt808ServerAddress(portOnly, { host: 'old.example.com', port: 1 })).toEqual({
      host: 'old.example.com',
      port: 7000,
    });
    const other = encodeJt808Params([{ id: 0x0001, value: Buffer.from([0, 0, 0, 30]) }]);
    expect(jt808ServerAddress(other, { host: 'h', port: 1 })).toBeNull();
  });

  it('stops at a truncated item', () => {
    const body = encodeJt808ServerParams('gw.example.com', 7018);
    expect([...decodeJt808Params(body.subarray(0, 22)).keys()]).toEqual([JT808_PARAM.mainServer]);
  });

  it('is what a JT/T 808 terminal is sent; a GT06 one gets the text command', () => {
    const jt = serverAddressRequest('jt808', '10.0.0.9', 6001);
    expect(jt.message).toEqual({
      id: 0x8103,
      body: encodeJt808ServerParams('10.0.0.9', 6001).toString('hex'),
    });
    expect(serverAddressRequest('gt06', '10.0.0.9', 6001)).toEqual({ content: 'SERVER,0,10.0.0.9,6001,0#' });
    expect(serverAddressRequest(null, 'gw.example.com', 6001).message).toBeUndefined();
  });
});

describe('transfer lines and counts', () => {
  it('refuses malformed and repeated terminal ids, numbering lines from 1', () => {
    expect(checkTransferLines(['862001234567890', 'x!', '13800138000', '862001234567890'])).toEqual([
      { row: 1, terminalID: '862001234567890', ok: true },
      { row: 2, terminalID: 'x!', ok: false, key: 'imeiInvalid' },
      { row: 3, terminalID: '13800138000', ok: true },
      { row: 4, terminalID: '862001234567890', ok: false, key: 'imeiDuplicate' },
    ]);
  });

  it('counts devices by status', () => {
    expect(transferCounts(['moved', 'moved', 'offline', 'acked', 'sent', 'failed', 'pending'])).toEqual({
      total: 7,
      pending: 1,
      sent: 1,
      acked: 1,
      failed: 1,
      offline: 1,
      moved: 2,
    });
  });
});
