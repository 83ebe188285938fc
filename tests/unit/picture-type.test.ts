import { describe, expect, it } from 'vitest';
import { displayName, pictureType } from '../../server/services/devices/picture-type';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('pictureType', () => {
  it('reads JPEG, PNG and WebP from their first bytes', () => {
    expect(pictureType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(pictureType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toEqual({
      mime: 'image/png',
      ext: 'png',
    });
    expect(pictureType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toEqual({ mime: 'image/webp', ext: 'webp' });
  });

  it('refuses everything else, whatever it claims to be', () => {
    expect(pictureType(bytes('<svg onload=alert(1)>'))).toBeNull();
    expect(pictureType(bytes('GIF89a'))).toBeNull();
    expect(pictureType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(pictureType(bytes([0x89], 'PN'))).toBeNull();
    expect(pictureType(new Uint8Array())).toBeNull();
  });
});

describe('displayName', () => {
  it('keeps the base name without control characters', () => {
    expect(displayName('C:\\photos\\front.jpg')).toBe('front.jpg');
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('a\u0000b\nc.png')).toBe('abc.png');
    expect(displayName('  ')).toBe('picture');
    expect(displayName(undefined)).toBe('picture');
    expect(displayName('x'.repeat(300))).toHaveLength(128);
  });
});
