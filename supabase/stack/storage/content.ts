// What a file really is, from its first bytes: an upload is judged by its content, not by the type the
// client declares, so an SVG (which can carry script) renamed to .png or sent as image/png is refused.

export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/svg+xml';

export function sniffContentType(head: Uint8Array): SniffedType | undefined {
  const bytes = (...values: number[]) => values.every((value, i) => head[i] === value);
  if (bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  // Markup: an SVG or any XML/HTML document (which a browser could run as SVG or HTML).
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<') && /<svg|<\?xml|<!doctype|<html|<script/.test(text)) return 'image/svg+xml';
  return undefined;
}
