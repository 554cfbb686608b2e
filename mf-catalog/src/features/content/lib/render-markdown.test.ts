import { describe, expect, it } from 'vitest';
import { isSafeLink, renderMarkdown } from './render-markdown';

/** Every tag the HTML holds, by name. */
function tags(html: string): string[] {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return [...document.body.querySelectorAll('*')].map((element) => element.tagName.toLowerCase());
}

function hrefs(html: string): string[] {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return [...document.body.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
}

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis, tables and the allowed links', () => {
    const html = renderMarkdown(
      [
        '## Rates',
        '',
        '- **Free** from $99',
        '- [Contact us](/pages/contact-us) or [write](mailto:support@readystock.example)',
        '',
        '| Subtotal | Shipping |',
        '| :--- | ---: |',
        '| $99 | Free |',
        '',
        'See [Ready.gov](https://www.ready.gov/).',
      ].join('\n'),
    );
    expect(tags(html)).toEqual(
      expect.arrayContaining(['h2', 'ul', 'li', 'strong', 'a', 'table', 'th', 'td', 'p']),
    );
    expect(hrefs(html)).toEqual([
      '/pages/contact-us',
      'mailto:support@readystock.example',
      'https://www.ready.gov/',
    ]);
    expect(html).toContain('<a href="https://www.ready.gov/" rel="noopener noreferrer nofollow">');
    // Table alignment would need a style attribute, which the Content-Security-Policy refuses.
    expect(html).not.toContain('style=');
  });

  it('prints raw HTML as text: no script, no event handler, no iframe', () => {
    const html = renderMarkdown(
      [
        '<script>alert("x")</script>',
        '',
        '<img src=x onerror="alert(1)">',
        '',
        'Inline <b onclick="alert(2)">bold</b> and <iframe src="https://evil.example"></iframe>',
      ].join('\n'),
    );
    expect(tags(html)).toEqual(['p', 'p', 'p']);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toMatch(/<(script|img|b|iframe)\b/i);
  });

  it('leaves javascript:, data:, vbscript: and other-host links as text', () => {
    const html = renderMarkdown(
      [
        '[click](javascript:alert(1))',
        '[encoded](jav&#x61;script:alert(1))',
        '[upper](JAVASCRIPT:alert(1))',
        '[spaced]( javascript:alert(1))',
        '[data](data:text/html;base64,PHNjcmlwdD4=)',
        '[vb](vbscript:msgbox)',
        '[other](//evil.example/x)',
        '<javascript:alert(1)>',
        '[ref][x]',
        '',
        '[x]: javascript:alert(3)',
      ].join('\n\n'),
    );
    expect(hrefs(html)).toEqual([]);
    expect(tags(html).filter((tag) => tag === 'a')).toEqual([]);
  });

  it('shows no images, whatever their source', () => {
    const html = renderMarkdown('![tracker](https://evil.example/pixel.gif)');
    expect(tags(html)).not.toContain('img');
  });

  it('isSafeLink allows http(s), mailto and own paths only', () => {
    expect(isSafeLink('https://www.ready.gov/')).toBe(true);
    expect(isSafeLink('http://example.com')).toBe(true);
    expect(isSafeLink('mailto:a@example.com')).toBe(true);
    expect(isSafeLink('/pages/faq')).toBe(true);
    expect(isSafeLink('//evil.example')).toBe(false);
    expect(isSafeLink('/\\evil.example')).toBe(false);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(isSafeLink('tel:+15550102030')).toBe(false);
    expect(isSafeLink('ftp://example.com')).toBe(false);
  });
});
