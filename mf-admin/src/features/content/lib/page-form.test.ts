import { describe, expect, it } from 'vitest';
import { EMPTY_PAGE, slugFromTitle, validatePage } from './page-form';

describe('the page form', () => {
  it('makes an address from a title', () => {
    expect(slugFromTitle('Winter Kit: 5 Things!')).toBe('winter-kit-5-things');
    expect(slugFromTitle('  Café — Über  ')).toBe('cafe-uber');
  });

  it('checks each field with its own message and keeps nothing else', () => {
    const result = validatePage({ ...EMPTY_PAGE, title: ' ', slug: 'Bad Slug', summary: 'x'.repeat(301) });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'Please enter a title',
        slug: 'Use lower-case letters, digits and single hyphens (at most 80 characters)',
        summary: 'The summary can be at most 300 characters',
      },
    });
    expect(validatePage({ ...EMPTY_PAGE, title: 'x'.repeat(121), slug: 'a--b' })).toMatchObject({
      ok: false,
      errors: { title: 'The title can be at most 120 characters', slug: expect.any(String) },
    });
  });

  it('gives the row to save, trimmed, with no form as null', () => {
    expect(
      validatePage({
        ...EMPTY_PAGE,
        title: ' FAQ ',
        slug: 'faq',
        body: '## Q',
        summary: ' Answers ',
        published: true,
      }),
    ).toEqual({
      ok: true,
      page: {
        title: 'FAQ',
        slug: 'faq',
        kind: 'page',
        summary: 'Answers',
        body: '## Q',
        form: null,
        published: true,
      },
    });
  });
});
