import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $overlays, closeOverlay } from '@prepper/shared';
import { useSearchShortcut } from './use-search-shortcut';

function Page() {
  useSearchShortcut();
  return <input aria-label="Email" />;
}

describe('search shortcuts', () => {
  beforeEach(() => closeOverlay('search'));

  it("'/' opens the search overlay", async () => {
    render(<Page />);
    await userEvent.keyboard('/');
    expect($overlays.get().search).toBe(true);
  });

  it('Ctrl+K opens the search overlay', async () => {
    render(<Page />);
    await userEvent.keyboard('{Control>}k{/Control}');
    expect($overlays.get().search).toBe(true);
  });

  it("'/' typed into a text field stays a character", async () => {
    const { getByLabelText } = render(<Page />);
    await userEvent.type(getByLabelText('Email'), 'a/b');
    expect($overlays.get().search).toBe(false);
    expect(getByLabelText('Email')).toHaveValue('a/b');
  });
});
