import { describe, expect, it } from 'vitest';
import { editOsmAndKey } from '../../src/resources/device/fields';
import { validateOsmAndKey } from '../../src/domain/osmand-key';

describe('the device edit dialog’s OsmAnd key', () => {
  it('keeps the key when the box is left empty, replaces it when typed, clears it with the switch', () => {
    expect(editOsmAndKey({ terminalID: '1', osmandKeyClear: false })).toEqual({ terminalID: '1' });
    expect(editOsmAndKey({ terminalID: '1', osmandKey: '', osmandKeyClear: false })).toEqual({ terminalID: '1' });
    expect(editOsmAndKey({ terminalID: '1', osmandKey: 'abcdefghijkl' })).toEqual({
      terminalID: '1',
      osmandKey: 'abcdefghijkl',
    });
    expect(editOsmAndKey({ terminalID: '1', osmandKey: 'abcdefghijkl', osmandKeyClear: true })).toEqual({
      terminalID: '1',
      osmandKey: '',
    });
  });

  it('takes 12 to 64 URL-safe characters, or empty', () => {
    expect(validateOsmAndKey('')).toBeNull();
    expect(validateOsmAndKey('a1b2c3d4e5f6')).toBeNull();
    expect(validateOsmAndKey('short')).toBe('osmandKeyInvalid');
    expect(validateOsmAndKey('with space in it')).toBe('osmandKeyInvalid');
    expect(validateOsmAndKey('x'.repeat(65))).toBe('osmandKeyInvalid');
  });
});
