import { describe, expect, it } from 'vitest';
import { checkForm, emailSchema, nameSchema } from './forms';

describe('settings forms', () => {
  it('trims names and asks for each missing one', () => {
    expect(checkForm(nameSchema, { firstName: '  Jamie ', lastName: ' Carter' })).toEqual({
      ok: true,
      value: { firstName: 'Jamie', lastName: 'Carter' },
    });
    expect(checkForm(nameSchema, { firstName: ' ', lastName: '' })).toEqual({
      ok: false,
      errors: { firstName: 'Please enter your first name', lastName: 'Please enter your last name' },
    });
    expect(checkForm(nameSchema, { firstName: 'x'.repeat(101), lastName: 'C' })).toEqual({
      ok: false,
      errors: { firstName: 'Please use at most 100 characters' },
    });
  });

  it('checks an e-mail address and keeps it in lower case', () => {
    expect(checkForm(emailSchema, { email: ' New@Example.COM ' })).toEqual({
      ok: true,
      value: { email: 'new@example.com' },
    });
    expect(checkForm(emailSchema, { email: 'not-an-address' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
  });
});
