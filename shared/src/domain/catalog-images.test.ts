import { describe, expect, it } from 'vitest';
import { catalogImagePath, checkImageFile, imageTypeFromBytes, uploadRefusal } from './catalog-images';

const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('catalog images', () => {
  it('tells PNG, JPEG and WebP by their first bytes, markup as markup', () => {
    expect(imageTypeFromBytes(bytes('\x89PNG\r\n\x1a\n....'))).toBe('image/png');
    expect(imageTypeFromBytes(bytes('\xff\xd8\xff\xe0..JFIF'))).toBe('image/jpeg');
    expect(imageTypeFromBytes(bytes('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeFromBytes(bytes('\xef\xbb\xbf  <svg onload="x()">'))).toBe('markup');
    expect(imageTypeFromBytes(bytes('GIF89a'))).toBeUndefined();
  });

  it('takes a JPEG or WebP by content and refuses an empty file', () => {
    const jpeg = { name: 'a.jpeg', size: 10, type: 'image/jpeg', head: bytes('\xff\xd8\xff\xdb') };
    expect(checkImageFile(jpeg)).toEqual({ ok: true, type: 'image/jpeg' });
    const webp = { name: 'a.webp', size: 10, type: '', head: bytes('RIFF\x10\x00\x00\x00WEBP') };
    expect(checkImageFile(webp)).toEqual({ ok: true, type: 'image/webp' });
    expect(checkImageFile({ ...jpeg, size: 0, head: new Uint8Array() })).toEqual({
      ok: false,
      refusal: 'empty',
    });
    expect(checkImageFile({ ...jpeg, name: 'trick.SVG' })).toEqual({ ok: false, refusal: 'svg' });
  });

  it('files an upload under its owner with a safe, unique name', () => {
    expect(catalogImagePath('categories', 'c-1', 'Über Lamp (2).final.PNG', 'image/png', 36 ** 3)).toBe(
      'categories/c-1/1000-ber-lamp-2-final.png',
    );
    expect(catalogImagePath('products', 'p-1', '.jpg', 'image/jpeg', 35)).toBe('products/p-1/z-image.jpg');
  });

  it('reads the reason of a Storage refusal', () => {
    expect(uploadRefusal({ statusCode: '413' })).toBe('size');
    expect(uploadRefusal({ statusCode: '415', message: 'mime type image/svg+xml is not supported' })).toBe(
      'svg',
    );
    expect(uploadRefusal({ statusCode: '400', message: 'new row violates row-level security policy' })).toBe(
      'permission',
    );
    expect(uploadRefusal({ status: 500 })).toBe('failed');
  });
});
