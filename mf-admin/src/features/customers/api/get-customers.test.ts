import { describe, expect, it } from 'vitest';
import { customerTexts } from '../texts';
import { customerName } from './get-customers';

describe('customerName', () => {
  it('names a customer by name, else by the e-mail address, else as a guest', () => {
    expect(customerName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
    expect(customerName({ firstName: '', lastName: '', email: 'sam.ready@example.com' })).toBe('sam.ready');
    // A guest account (signed in anonymously to check out) has no e-mail address.
    expect(customerName({ firstName: '', lastName: '', email: '' })).toBe(customerTexts.list.guest);
  });
});
