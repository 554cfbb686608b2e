import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineMutation } from '../../../lib/query';
import type { ReviewInput } from '../api/review';
import { ReviewForm, reviewInputError } from './review-form';

describe('reviewInputError', () => {
  it.each([
    [{ rating: 0, title: 'Title', body: 'Long enough body' }, 'Please choose a rating from 1 to 5 stars'],
    [{ rating: 4, title: '  ', body: 'Long enough body' }, 'Please give your review a title'],
    [
      { rating: 4, title: 'x'.repeat(121), body: 'Long enough body' },
      'The title can be at most 120 characters',
    ],
    [{ rating: 4, title: 'Title', body: '' }, 'Please write your review'],
    [{ rating: 4, title: 'Title', body: 'Too short' }, 'Your review needs at least 10 characters'],
    [{ rating: 4, title: 'Title', body: 'x'.repeat(4001) }, 'Your review can be at most 4000 characters'],
    [{ rating: 5, title: 'x'.repeat(120), body: 'x'.repeat(4000) }, null],
  ])('%o → %s', (input, message) => {
    expect(reviewInputError(input)).toBe(message);
  });
});

describe('ReviewForm', () => {
  it('says what is missing and does not submit', async () => {
    const onSubmit = vi.fn();
    render(<ReviewForm existing={null} onSubmit={onSubmit} onCancel={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Write a review' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a rating from 1 to 5 stars');
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please give your review a title');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the database message and keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSubmit = vi.fn((input: ReviewInput) => {
      void input;
      return Promise.reject(new Error('You can write at most 5 reviews a day. Please try again tomorrow.'));
    });
    // The form as the panel uses it: saving and failure come from the save's mutation.
    const save = defineMutation('save review', onSubmit);
    function Saving() {
      const { mutate, busy, error } = save.use();
      return (
        <ReviewForm
          existing={null}
          onSubmit={(input) => void mutate(input)}
          saving={busy}
          failure={error}
          onCancel={() => {}}
        />
      );
    }
    render(<Saving />);
    await userEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Meh');
    await userEvent.type(screen.getByLabelText('Your review'), 'It broke on day two.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(
      await screen.findByText('You can write at most 5 reviews a day. Please try again tomorrow.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Meh');
    expect(screen.getByLabelText('Your review')).toHaveValue('It broke on day two.');
    expect(screen.getByRole('button', { name: 'Submit review' })).toBeEnabled();
  });

  it('cancels', async () => {
    const onCancel = vi.fn();
    render(<ReviewForm existing={null} onSubmit={vi.fn()} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
