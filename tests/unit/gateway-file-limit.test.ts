import { describe, expect, it } from 'vitest';
import { fittingMaxConnections, openFilesLimit, RESERVED_FILES } from '../../server/gateway/runtime/file-limit';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             95000                95000                processes
Max open files            4096                 524288               files
Max locked memory         8388608              8388608              bytes`;

describe('tracker connections and the open-file limit', () => {
  it('reads the soft limit of /proc/self/limits', () => {
    expect(openFilesLimit(LIMITS)).toBe(4096);
    expect(openFilesLimit(LIMITS.replace('4096 ', 'unlimited '))).toBeNull();
    expect(openFilesLimit('nothing here')).toBeNull();
    // This machine's own file can be read (Linux).
    expect(openFilesLimit()).toBeGreaterThan(0);
  });

  it('keeps the maximum below the limit, leaving room for the process’s own files', () => {
    expect(fittingMaxConnections(100_000, 4096)).toBe(4096 - RESERVED_FILES);
    expect(fittingMaxConnections(1000, 1_048_576)).toBe(1000);
    expect(fittingMaxConnections(100_000, null)).toBe(100_000);
    expect(fittingMaxConnections(100, 10)).toBe(1);
  });
});
