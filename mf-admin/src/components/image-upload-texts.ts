import type { ImageRefusal } from '@prepper/shared/catalog-images';

export const imageUploadTexts = {
  hint: 'PNG, JPEG or WebP, at most 1 MiB. SVG is not accepted.',
  checking: 'Checking the file…',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  processing: 'Sent; the server is checking and storing the image…',
  progressLabel: 'Upload progress',
  uploaded: (name: string) => `Uploaded ${name}.`,
  previewAlt: (name: string) => `Preview of ${name}`,
  serverRefused: 'The server refused the file:',
  refusals: {
    svg: 'SVG images are not accepted, because an SVG can carry script. Choose a PNG, JPEG or WebP image.',
    type: 'This file is not a PNG, JPEG or WebP image. Choose a PNG, JPEG or WebP image.',
    size: 'This image is larger than 1 MiB. Choose a smaller image (at most 1 MiB).',
    empty: 'This file is empty. Choose a PNG, JPEG or WebP image.',
    permission: 'You are not allowed to upload images here.',
    failed: 'The upload failed. Check the connection and try again.',
  } satisfies Record<ImageRefusal, string>,
};
