import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, checkAvatar, sniffImage } from '@/components/account/avatar-file';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]);
const text = new TextEncoder().encode('not a picture');
const gif = new TextEncoder().encode('GIF89a\u0001\u0000');

describe('sniffImage', () => {
  it('tells PNG and JPEG by their first bytes', () => {
    expect(sniffImage(png)).toBe('png');
    expect(sniffImage(jpeg)).toBe('jpeg');
    expect(sniffImage(text)).toBeUndefined();
    expect(sniffImage(gif)).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
    expect(sniffImage(png.slice(0, 4))).toBeUndefined();
  });
});

describe('checkAvatar', () => {
  it('accepts JPG, JPEG and PNG pictures under 5 MB', () => {
    expect(checkAvatar({ name: 'me.png', type: 'image/png', size: 1024 }, png)).toBeUndefined();
    expect(checkAvatar({ name: 'me.JPG', type: 'image/jpeg', size: 1024 }, jpeg)).toBeUndefined();
    expect(checkAvatar({ name: 'me.jpeg', type: '', size: 1024 }, jpeg)).toBeUndefined();
    expect(checkAvatar({ name: 'me.png', type: 'image/png', size: AVATAR_MAX_BYTES - 1 }, png)).toBeUndefined();
  });

  it('refuses a file whose content is not a picture, whatever its name says', () => {
    expect(checkAvatar({ name: 'me.png', type: 'image/png', size: 13 }, text)).toBe('type');
    expect(checkAvatar({ name: 'me.jpg', type: 'image/jpeg', size: 13 }, gif)).toBe('type');
  });

  it('refuses other names and declared types', () => {
    expect(checkAvatar({ name: 'me.gif', type: 'image/gif', size: 1024 }, gif)).toBe('type');
    expect(checkAvatar({ name: 'me.webp', type: 'image/webp', size: 1024 }, png)).toBe('type');
    expect(checkAvatar({ name: 'me.png', type: 'text/plain', size: 1024 }, png)).toBe('type');
    expect(checkAvatar({ name: 'png', type: 'image/png', size: 1024 }, png)).toBe('type');
  });

  it('refuses 5 MB and more, and empty files', () => {
    expect(checkAvatar({ name: 'me.png', type: 'image/png', size: AVATAR_MAX_BYTES }, png)).toBe('size');
    expect(checkAvatar({ name: 'me.png', type: 'image/png', size: 0 }, png)).toBe('size');
  });

  it('checks the type before the size', () => {
    expect(checkAvatar({ name: 'me.txt', type: 'text/plain', size: AVATAR_MAX_BYTES * 2 }, text)).toBe('type');
  });
});
