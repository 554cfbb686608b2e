import { parseRuntimeConfig } from './runtime-config';

const valid = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'anon',
  remotes: { cart: 'https://cart.example.com/mf-manifest.json' },
};

describe('parseRuntimeConfig', () => {
  it('keeps the known keys and remotes and leaves out the rest', () => {
    expect(
      parseRuntimeConfig({
        ...valid,
        serviceRoleKey: 'secret',
        remotes: { ...valid.remotes, evil: 'http://x' },
      }),
    ).toEqual(valid);
    expect(parseRuntimeConfig({ supabaseUrl: valid.supabaseUrl, supabaseAnonKey: 'anon' }).remotes).toEqual(
      {},
    );
  });

  it.each([
    [null, 'Runtime configuration is not an object'],
    ['config', 'Runtime configuration is not an object'],
    [{ supabaseAnonKey: 'anon' }, 'Runtime configuration: supabaseUrl must be an http(s) URL'],
    [
      { ...valid, supabaseUrl: 'javascript:alert(1)' },
      'Runtime configuration: supabaseUrl must be an http(s) URL',
    ],
    [{ ...valid, supabaseUrl: 'not a url' }, 'Runtime configuration: supabaseUrl must be an http(s) URL'],
    [{ supabaseUrl: valid.supabaseUrl }, 'Runtime configuration: supabaseAnonKey is missing'],
    [{ ...valid, supabaseAnonKey: '' }, 'Runtime configuration: supabaseAnonKey is missing'],
    [
      { ...valid, remotes: { cart: 'ftp://x/mf-manifest.json' } },
      'Runtime configuration: remotes.cart must be an http(s) URL',
    ],
    [{ ...valid, remotes: { admin: 42 } }, 'Runtime configuration: remotes.admin must be an http(s) URL'],
  ])('refuses %j with a message saying what is wrong', (input, message) => {
    expect(() => parseRuntimeConfig(input)).toThrow(message);
  });
});
