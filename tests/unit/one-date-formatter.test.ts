import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every screen writes dates with src/domain/date-format.ts (issue 32: the fence list showed
 * `11/28/26, 8:03 PM` where the rest showed `2026-11-28 20:19`, in the browser's zone). A new
 * screen formatting dates its own way, on the browser's clock, fails here.
 */
const ROOT = join(__dirname, '../../src');
const ALLOWED = new Set(['domain/date-format.ts', 'domain/time-zone.ts', 'lib/zonedPicker.ts']);
const OWN_WAYS = [
  /\.toLocale(Date|Time)?String\(/,
  /\.format\(\s*['"`][^'"`]*(YYYY|MM-DD|HH:mm)/,
  /\.get(Hours|Minutes|Seconds|Date|Month)\(\)/,
  /\bnew Intl\.DateTimeFormat\(/,
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('one date formatter', () => {
  it('is the only code in src that writes a date', () => {
    const offenders: string[] = [];
    for (const path of files(ROOT)) {
      const rel = relative(ROOT, path).replaceAll('\\', '/');
      if (ALLOWED.has(rel)) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OWN_WAYS.some((re) => re.test(line))) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
