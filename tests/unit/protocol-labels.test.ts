import { describe, expect, it } from 'vitest';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { PROTOCOL_FAMILY, PROTOCOL_LABEL, TCP_PROTOCOLS } from '../../src/domain/protocol-family';
import { DEVICE_PROTOCOL_LABEL, protocolLabel } from '../../src/domain/protocol-labels';
import { PROTOCOL_OPTIONS } from '../../src/resources/options';

/** Protocol codes are shown by their product names, not the spec's identifiers (issue 32). */
describe('protocol labels', () => {
  it('names JT/T 808 frames JT/T 808, not by the code name "eight"', () => {
    expect(protocolLabel(DEVICE_PROTOCOL.eight)).toBe('JT/T 808');
    expect(protocolLabel(8)).toBe('JT/T 808');
    expect(protocolLabel(DEVICE_PROTOCOL.Gt06)).toBe('GT06');
    expect(protocolLabel(DEVICE_PROTOCOL.Nbiot)).toBe('NB-IoT');
  });

  it('has a name for every protocol code, none of them an identifier of the code table', () => {
    for (const [name, code] of Object.entries(DEVICE_PROTOCOL)) {
      const label = DEVICE_PROTOCOL_LABEL[code];
      expect(label, name).toBeTruthy();
      // "eight", "Gt06", "Nbiot", "Tk103" read as code names; product names are cased as sold.
      if (
        ![
          'R001',
          'R002',
          'A3',
          'Y808',
          'XiaoGuo',
          'Sagex',
          'K100',
          'Teltonika',
          'OsmAnd',
          'H02',
          'Meitrack',
        ].includes(name)
      )
        expect(label, name).not.toBe(name);
    }
  });

  it('shows an unknown code as itself and nothing as nothing', () => {
    expect(protocolLabel(42)).toBe('#42');
    expect(protocolLabel(null)).toBe('');
    expect(protocolLabel(undefined)).toBe('');
  });

  it('gives every place that names a protocol the same names: list and filter options, gateway families', () => {
    for (const o of PROTOCOL_OPTIONS) expect(o.label).toBe(protocolLabel(Number(o.value)));
    expect(PROTOCOL_OPTIONS.map((o) => o.label)).not.toContain('eight');
    // The decoder names a frame's family as the device list names its main code.
    const main = {
      gt06: 'Gt06',
      jt808: 'eight',
      teltonika: 'Teltonika',
      h02: 'H02',
      tk103: 'Tk103',
      meitrack: 'Meitrack',
    } as const;
    for (const family of TCP_PROTOCOLS) {
      expect(PROTOCOL_LABEL[family], family).toBe(protocolLabel(DEVICE_PROTOCOL[main[family]]));
      expect(PROTOCOL_FAMILY[DEVICE_PROTOCOL[main[family]]]).toBe(family);
    }
  });
});
