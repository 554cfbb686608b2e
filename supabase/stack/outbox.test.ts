// The shared sender's e-mails: the links open the storefront's own routes (@prepper/shared), with the
// token from the outbox message, and every kind has a product link and an unsubscribe link.
import { describe, expect, it } from 'vitest';
import { routes } from '../../shared/src/routes.ts';
import {
  plainRecipient,
  renderOutboxMail,
  sendDueMessages,
  shopPaths,
  type OutboxMessage,
  type OutgoingMail,
} from '../functions/_shared/outbox-sender.ts';

const message = (kind: string): OutboxMessage => ({
  id: 'm1',
  kind,
  recipient: 'a@example.com',
  attempts: 1,
  claim_token: 'c1',
  payload: { product_name: 'Crank <Radio>', product_slug: 'crank-radio-1', token: 'ab/c+d' },
});

describe('renderOutboxMail', () => {
  it('builds links with the storefront routes', () => {
    expect(shopPaths.waitlistConfirm('t k')).toBe(routes.waitlistConfirm('t k'));
    expect(shopPaths.waitlistUnsubscribe('t k')).toBe(routes.waitlistUnsubscribe('t k'));
    expect(shopPaths.product('crank-radio-1')).toBe(routes.productBySlug('crank-radio-1'));
    expect(routes.productBySlug('crank-radio-1')).toBe(routes.product('Crank Radio', '1'));
  });

  it('a back-in-stock e-mail links the product and a one-click unsubscribe', () => {
    const mail = renderOutboxMail(message('waitlist_back_in_stock'), 'https://shop.example/');
    expect(mail.subject).toBe('Back in stock: Crank <Radio>');
    expect(mail.links).toEqual([
      'https://shop.example/product/crank-radio-1',
      'https://shop.example/waitlist/unsubscribe?token=ab%2Fc%2Bd',
    ]);
    expect(mail.html).toContain('Crank &#60;Radio&#62;');
    expect(mail.headers['List-Unsubscribe']).toBe(
      '<https://shop.example/waitlist/unsubscribe?token=ab%2Fc%2Bd>',
    );
  });

  it('a confirmation e-mail links confirm, product and unsubscribe; unknown kinds and payloads are refused', () => {
    const mail = renderOutboxMail(message('waitlist_confirmation'), 'https://shop.example');
    expect(mail.links[0]).toBe('https://shop.example/waitlist/confirm?token=ab%2Fc%2Bd');
    expect(mail.to).toBe('a@example.com');
    expect(() => renderOutboxMail(message('newsletter'), 'https://shop.example')).toThrow('Unknown outbox');
    expect(() =>
      renderOutboxMail({ ...message('waitlist_confirmation'), payload: {} }, 'https://shop.example'),
    ).toThrow('no product_name');
  });
});

describe('the sender sends only to a plain address', () => {
  const mailboxSyntax = [
    'a<victim@example.com>',
    '(c)victim@example.com',
    'z,victim@example.com',
    'Victim <victim@example.com>',
    'victim@example.com (c)',
    ' victim@example.com',
    '"victim"@example.com',
    'victim@[127.0.0.1]',
    'victim@example.com\r\nBcc: other@example.com',
    'victim@localhost',
    '',
  ];

  it('plainRecipient passes a plain address and refuses display names, comments, lists, quotes and literals', () => {
    for (const plain of ['victim@example.com', 'first.last+tag@mail.example.co.uk', "o'hara@example.com"]) {
      expect(plainRecipient(plain)).toBe(plain);
    }
    for (const recipient of mailboxSyntax) {
      expect(() => plainRecipient(recipient), recipient).toThrow('is not a plain e-mail address');
    }
  });

  it('a message to mailbox syntax never reaches the transport and is marked failed; plain ones are sent', async () => {
    const messages = [...mailboxSyntax, 'victim@example.com'].map((recipient, i) => ({
      ...message('waitlist_confirmation'),
      id: `m${i}`,
      recipient,
    }));
    const sent: OutgoingMail[] = [];
    const failed: string[] = [];
    const result = await sendDueMessages({
      store: {
        claim: async () => messages,
        markSent: async () => undefined,
        markFailed: async (id, _token, error) => {
          failed.push(`${id}: ${error}`);
        },
      },
      transport: {
        send: async (mail) => {
          sent.push(mail);
        },
      },
      shopUrl: 'https://shop.example',
    });
    expect(result).toEqual({ sent: 1, failed: mailboxSyntax.length });
    expect(sent.map((mail) => mail.to)).toEqual(['victim@example.com']);
    expect(failed).toHaveLength(mailboxSyntax.length);
    expect(failed[0]).toContain('is not a plain e-mail address');
  });
});
