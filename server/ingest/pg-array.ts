/**
 * A PostgreSQL array literal ('{1,2,NULL}') built by hand. The ingest path passes whole columns
 * as one text parameter each; letting the driver serialise arrays element by element cost more
 * CPU than decoding the frames (docs/benchmarks.md).
 */
export type Scalar = number | string | boolean | null | undefined;

const PLAIN = /^[A-Za-z0-9:.+_-]+$/;

function element(v: Scalar): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NULL';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (PLAIN.test(v) && v.toUpperCase() !== 'NULL') return v;
  return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function pgArray(values: readonly Scalar[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i) out += ',';
    out += element(values[i]);
  }
  return out + '}';
}
