import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, remoteSecurityHeaders } from '@prepper/shared/security-headers';
import { formatHeaders, hostHeaders } from './host-headers.ts';

const CONFIG = {
  supabaseUrl: 'https://abc.supabase.co',
  remotes: { catalog: 'https://catalog.example.com/mf-manifest.json' },
};

describe('hostHeaders', () => {
  it("gives the shell the policy of its configuration and a remote CORS with the remote's headers", () => {
    expect(hostHeaders({ config: CONFIG })['Content-Security-Policy']).toBe(contentSecurityPolicy(CONFIG));
    const remote = hostHeaders({ remote: true });
    expect(remote).toMatchObject(remoteSecurityHeaders());
    expect(remote['Access-Control-Allow-Origin']).toBe('*');
  });
});

describe('formatHeaders', () => {
  const headers = { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "default-src 'self'" };

  it('writes every header for every path in each format', () => {
    expect(formatHeaders(headers, 'headers')).toBe(
      "X-Frame-Options: DENY\nContent-Security-Policy: default-src 'self'",
    );
    expect(formatHeaders(headers, 'netlify')).toBe(
      "/*\n  X-Frame-Options: DENY\n  Content-Security-Policy: default-src 'self'",
    );
    expect(JSON.parse(formatHeaders(headers, 'vercel'))).toEqual({
      headers: [
        {
          source: '/(.*)',
          headers: [
            { key: 'X-Frame-Options', value: 'DENY' },
            { key: 'Content-Security-Policy', value: "default-src 'self'" },
          ],
        },
      ],
    });
    expect(formatHeaders({ A: 'say "hi"' }, 'nginx')).toBe('add_header A "say \\"hi\\"" always;');
  });
});
