import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageUploadField, type UploadImage } from './image-upload-field';

const PRODUCT = '11111111-2222-4333-8444-555555555555';
const pngBytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

function pngFile(size = 200, name = 'radio.png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(pngBytes);
  return new File([bytes], name, { type: 'image/png' });
}

const svgText = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

function setup(upload: UploadImage = vi.fn<UploadImage>(async () => 'https://cdn.test/x.png')) {
  const onUploaded = vi.fn();
  // The picker's "All files" lets anything through the accept filter: the field checks it itself.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <ImageUploadField
      label="Upload image"
      owner="products"
      ownerId={PRODUCT}
      onUploaded={onUploaded}
      upload={upload}
    />,
  );
  return { user, onUploaded, upload, input: screen.getByLabelText('Upload image') };
}

describe('ImageUploadField', () => {
  it('is a labelled file input for PNG, JPEG and WebP with the limits in its description', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    expect(input).toHaveAccessibleDescription('PNG, JPEG or WebP, at most 1 MiB. SVG is not accepted.');
  });

  it.each([
    ['an SVG', new File([svgText], 'logo.svg', { type: 'image/svg+xml' })],
    ['an SVG named .png', new File([svgText], 'logo.png', { type: 'image/png' })],
    ['an SVG without a type', new File([`<?xml version="1.0"?>${svgText}`], 'logo', { type: '' })],
  ])('refuses %s before any upload, saying why', async (_, file) => {
    const { user, input, upload, onUploaded } = setup();
    await user.upload(input, file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'SVG images are not accepted, because an SVG can carry script.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(upload).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses an image over 1 MiB and accepts one of exactly 1 MiB', async () => {
    const { user, input, upload } = setup();
    await user.upload(input, pngFile(1024 * 1024 + 1, 'big.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This image is larger than 1 MiB.');
    expect(upload).not.toHaveBeenCalled();

    await user.upload(input, pngFile(1024 * 1024, 'edge.png'));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a text file', new File(['just text'], 'notes.txt', { type: 'text/plain' })],
    ['a GIF', new File(['GIF89a......'], 'anim.gif', { type: 'image/gif' })],
    ['a PNG declared as JPEG', new File([new Uint8Array(pngBytes)], 'x.jpg', { type: 'image/jpeg' })],
  ])('refuses %s as no PNG, JPEG or WebP', async (_, file) => {
    const { user, input, upload } = setup();
    await user.upload(input, file);
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a PNG, JPEG or WebP image.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads a PNG under the product, shows its preview and the bytes sent, then hands the URL over', async () => {
    let report: (sent: number, total: number) => void = () => undefined;
    let finish: (url: string) => void = () => undefined;
    const upload = vi.fn<UploadImage>(
      (_path, _file, onProgress) =>
        new Promise((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    const { user, input, onUploaded } = setup(upload);
    await user.upload(input, pngFile(400, 'Crank Radio.png'));

    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![0]).toMatch(new RegExp(`^products/${PRODUCT}/[a-z0-9]+-crank-radio\\.png$`));
    expect(await screen.findByAltText('Preview of Crank Radio.png')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(input).toBeDisabled();

    report(100, 400);
    expect(await screen.findByText('Uploading… 25%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '25');
    report(400, 400);
    expect(
      await screen.findByText('Sent; the server is checking and storing the image…'),
    ).toBeInTheDocument();

    finish('https://cdn.test/products/radio.png');
    expect(await screen.findByText('Uploaded Crank Radio.png.')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith('https://cdn.test/products/radio.png');
    expect(input).toBeEnabled();
  });

  it.each([
    [
      { statusCode: '415', message: 'mime type image/svg+xml is not supported' },
      'SVG images are not accepted',
    ],
    [{ statusCode: '413', message: 'The object exceeded the maximum allowed size' }, 'larger than 1 MiB'],
    [{ statusCode: '415', message: "the file's content is not image/png" }, 'not a PNG, JPEG or WebP image'],
    [{ statusCode: '403', message: 'new row violates row-level security policy' }, 'not allowed to upload'],
  ])('says what the server refused (%o)', async (refusal, text) => {
    const upload = vi.fn<UploadImage>(async () => {
      throw Object.assign(new Error(refusal.message), refusal);
    });
    const { user, input, onUploaded } = setup(upload);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.upload(input, pngFile());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server refused the file:');
    expect(alert).toHaveTextContent(text);
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
