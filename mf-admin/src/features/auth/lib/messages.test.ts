import { adminRefusal, resetErrorMessage, signInErrorMessage, validateLogin } from './messages';

describe('validateLogin', () => {
  it('asks for both fields', () => {
    expect(validateLogin('', '')).toBe('Please fill in all fields');
    expect(validateLogin('admin@example.com', '')).toBe('Please fill in all fields');
    expect(validateLogin('   ', 'secret')).toBe('Please fill in all fields');
  });
  it('accepts a filled form', () => {
    expect(validateLogin('admin@example.com', 'secret')).toBeNull();
  });
});

describe('signInErrorMessage', () => {
  it('maps bad credentials to the fixed text', () => {
    expect(
      signInErrorMessage({ message: 'Invalid login credentials', code: 'invalid_credentials', status: 400 }),
    ).toBe('Invalid email or password');
    expect(signInErrorMessage({ message: 'Invalid login credentials' })).toBe('Invalid email or password');
  });
  it('shows other provider messages as they are, and a fallback for none', () => {
    expect(signInErrorMessage({ message: 'Email not confirmed', code: 'email_not_confirmed' })).toBe(
      'Email not confirmed',
    );
    expect(signInErrorMessage({ message: '' })).toBe('Authentication failed');
  });
});

describe('adminRefusal', () => {
  it('refuses an account without an admin record', () => {
    expect(adminRefusal(null)).toBe('Access denied: Administrator privileges required');
  });
  it('refuses a deactivated administrator', () => {
    expect(adminRefusal(0)).toBe('Account deactivated: Please contact your system administrator');
  });
  it('admits an active administrator', () => {
    expect(adminRefusal(1)).toBeNull();
  });
});

describe('resetErrorMessage', () => {
  it('maps the e-mail rate limit', () => {
    expect(resetErrorMessage({ message: 'rate', code: 'over_email_send_rate_limit', status: 429 })).toBe(
      'Email rate limit exceeded. Please wait before requesting another reset.',
    );
  });
  it('maps any other 429', () => {
    expect(resetErrorMessage({ message: 'slow down', code: 'over_request_rate_limit', status: 429 })).toBe(
      'Too many reset attempts. Please wait a few minutes before trying again.',
    );
  });
  it('maps an unknown user', () => {
    expect(resetErrorMessage({ message: 'User not found', code: 'user_not_found', status: 404 })).toBe(
      'No account found with this email address',
    );
  });
  it('passes anything else through with its message', () => {
    expect(
      resetErrorMessage({ message: 'Unable to validate email address: invalid format', status: 400 }),
    ).toBe('Reset failed: Unable to validate email address: invalid format');
  });
});
