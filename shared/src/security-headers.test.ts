import {
  contentSecurityPolicy,
  remoteSecurityHeaders,
  securityHeaders,
  shopOrigins,
} from './security-headers';

const CONFIG = {
  supabaseUrl: 'https://abc.supabase.co',
  supabaseAnonKey: 'anon',
  remotes: {
    catalog: 'https://catalog.example.com/mf-manifest.json',
    cart: 'https://cart.example.com/v2/mf-manifest.json',
    search: 'https://catalog.example.com/search/mf-manifest.json',
    account: 'https://account.example.com/mf-manifest.json',
    admin: 'https://admin.example.com:8443/mf-manifest.json',
  },
};

/** The policy as directive name → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe('shopOrigins', () => {
  it('takes the origin of Supabase and of each remote, once each', () => {
    expect(shopOrigins(CONFIG)).toEqual({
      supabase: 'https://abc.supabase.co',
      remotes: [
        'https://catalog.example.com',
        'https://cart.example.com',
        'https://account.example.com',
        'https://admin.example.com:8443',
      ],
      images: [],
    });
  });

  it('ignores anything that is not an absolute http(s) URL', () => {
    expect(shopOrigins(null)).toEqual({ supabase: undefined, remotes: [], images: [] });
    expect(shopOrigins('text')).toEqual({ supabase: undefined, remotes: [], images: [] });
    expect(
      shopOrigins({
        supabaseUrl: "'unsafe-inline'",
        remotes: { catalog: '*', cart: 'javascript:alert(1)', search: 42, account: 'data:text/html,x' },
        imageOrigins: ["'unsafe-eval'", 'https:'],
      }),
    ).toEqual({ supabase: undefined, remotes: [], images: [] });
    expect(shopOrigins({ imageOrigins: 'https://img.example.org' }).images).toEqual([]);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts and styles from the shop and the remotes only, never inline', () => {
    const policy = directives(contentSecurityPolicy(CONFIG));
    const remotes = shopOrigins(CONFIG).remotes;
    expect(policy['script-src']).toEqual(["'self'", ...remotes]);
    expect(policy['style-src']).toEqual(["'self'", ...remotes]);
    expect(policy['default-src']).toEqual(["'self'"]);
    for (const directive of ['script-src', 'style-src', 'default-src']) {
      expect(policy[directive]!.join(' ')).not.toMatch(/unsafe|nonce|sha256|\*|https?:$|data:/);
    }
  });

  it('lets pages talk to Supabase and show its images', () => {
    const policy = directives(contentSecurityPolicy(CONFIG));
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://abc.supabase.co',
      ...shopOrigins(CONFIG).remotes,
    ]);
    expect(policy['img-src']).toEqual([
      "'self'",
      'data:',
      'https://abc.supabase.co',
      ...shopOrigins(CONFIG).remotes,
    ]);
  });

  it('refuses framing, plugins, foreign base URLs and foreign form targets', () => {
    const policy = directives(contentSecurityPolicy(CONFIG));
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'none'"]);
  });

  it('follows the configuration: a remote moved elsewhere is allowed there and no longer at its old place', () => {
    const moved = {
      ...CONFIG,
      remotes: { ...CONFIG.remotes, cart: 'https://cdn.example.net/cart/mf-manifest.json' },
    };
    const policy = directives(contentSecurityPolicy(moved));
    expect(policy['script-src']).toContain('https://cdn.example.net');
    expect(policy['script-src']).not.toContain('https://cart.example.com');
  });

  it('upgrades insecure requests only when every origin is https', () => {
    expect(directives(contentSecurityPolicy(CONFIG))).toHaveProperty('upgrade-insecure-requests');
    const local = {
      supabaseUrl: 'http://localhost:54321',
      remotes: { catalog: 'http://localhost:3001/mf-manifest.json' },
    };
    expect(directives(contentSecurityPolicy(local))).not.toHaveProperty('upgrade-insecure-requests');
    expect(directives(contentSecurityPolicy({}))).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('keeps a strict policy for a configuration it cannot read', () => {
    const policy = directives(contentSecurityPolicy(undefined));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it("adds the configuration's image origins (as origins) to img-src only", () => {
    const policy = directives(
      contentSecurityPolicy({
        ...CONFIG,
        imageOrigins: ['https://img.example.org/products/a.jpg', 'nonsense'],
      }),
    );
    expect(policy['img-src']).toContain('https://img.example.org');
    expect(policy['img-src']).not.toContain('nonsense');
    expect(policy['connect-src']).not.toContain('https://img.example.org');
    expect(policy['script-src']).not.toContain('https://img.example.org');
  });

  it('lets hot reload reach each remote in dev', () => {
    const local = {
      supabaseUrl: 'http://localhost:54321',
      remotes: { catalog: 'http://localhost:3001/mf-manifest.json' },
    };
    expect(directives(contentSecurityPolicy(local, { dev: true }))['connect-src']).toEqual([
      "'self'",
      'http://localhost:54321',
      'http://localhost:3001',
      'ws://localhost:3001',
    ]);
    expect(directives(contentSecurityPolicy(local))['connect-src']).not.toContain('ws://localhost:3001');
  });
});

describe('securityHeaders', () => {
  it('sends the policy and the headers careful shops send', () => {
    const headers = securityHeaders(CONFIG);
    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy(CONFIG));
    expect(headers).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(headers['Permissions-Policy']).toMatch(/(^|, )camera=\(\)/);
    expect(headers['Permissions-Policy']).toMatch(/(^|, )payment=\(\)/);
  });

  it('only reports violations in dev', () => {
    const headers = securityHeaders(CONFIG, { dev: true });
    expect(headers).not.toHaveProperty('Content-Security-Policy');
    expect(headers['Content-Security-Policy-Report-Only']).toBe(contentSecurityPolicy(CONFIG, { dev: true }));
    expect(headers['X-Frame-Options']).toBe('DENY');
  });
});

describe('remoteSecurityHeaders', () => {
  it("lets any origin load a remote's files but runs nothing in a document there", () => {
    const headers = remoteSecurityHeaders();
    expect(headers['Cross-Origin-Resource-Policy']).toBe('cross-origin');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(directives(headers['Content-Security-Policy']!)).toMatchObject({
      'default-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(remoteSecurityHeaders({ dev: true })).not.toHaveProperty('Content-Security-Policy');
  });
});
