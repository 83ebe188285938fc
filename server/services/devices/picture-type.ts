/**
 * The image type of an uploaded picture, read from its first bytes (the magic numbers), never
 * from the name or the Content-Type the client claims: only what browsers show safely is kept.
 */
export interface PictureType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  ext: 'jpg' | 'png' | 'webp';
}

const startsWith = (b: Uint8Array, bytes: readonly number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((v, i) => b[at + i] === v);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function pictureType(b: Uint8Array): PictureType | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8))
    return { mime: 'image/webp', ext: 'webp' };
  return null;
}

/** A shown file name: the base name, printable, at most `max` characters ("picture" if none). */
export function displayName(name: string | undefined, max = 128): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return clean.slice(0, max) || 'picture';
}
