import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

/** An open search dialog and its onClose spy. */
function renderOpenDialog() {
  const onClose = vi.fn();
  render(
    <Dialog open onClose={onClose} label="Search">
      <input aria-label="Query" />
    </Dialog>,
  );
  const dialog = screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
  return { dialog, onClose };
}

describe('Dialog', () => {
  it('closes on Escape (the cancel event) and on a close of the dialog by the browser', () => {
    const { dialog, onClose } = renderOpenDialog();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    dialog.close();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('ignores a close event that arrives after the dialog was opened again', () => {
    const { dialog, onClose } = renderOpenDialog();
    expect(dialog.open).toBe(true);
    // The event queued by an earlier close(), delivered while the dialog is open again.
    fireEvent(dialog, new Event('close'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
