// The shared sender's e-mails: the links open the storefront's own routes (@prepper/shared), with the
// token from the outbox message, and every kind has a product link and an unsubscribe link.
import { describe, expect, it } from 'vitest';
import {
  parseReorderQuery,
  REORDER_MAX_PRODUCTS as SHARED_REORDER_MAX,
  reorderPath,
  SUPPLIES_PATH,
} from '../../shared/src/domain/supplies.ts';
import { routes } from '../../shared/src/routes.ts';
import { remotePages } from '../../shared/src/apps.ts';
import {
  plainRecipient,
  renderOutboxMail,
  sendDueMessages,
  shopPaths,
  type OutboxMessage,
  type OutgoingMail,
} from '../functions/_shared/outbox-sender.ts';
import {
  bankDetails,
  previewMessages,
  REORDER_MAX_PRODUCTS,
  renderMail,
  sampleMessages,
} from '../functions/_shared/email-templates.ts';
import { readFileSync } from 'node:fs';

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
    expect(shopPaths.accountOrder('o-1')).toBe(routes.accountOrder('o-1'));
    expect(shopPaths.orderStatus('a b')).toBe(routes.orderStatus('a b'));
    expect(shopPaths.newsletterConfirm('a b')).toBe(routes.newsletterConfirm('a b'));
    expect(shopPaths.newsletterUnsubscribe('a b')).toBe(routes.newsletterUnsubscribe('a b'));
    expect(routes.productBySlug('crank-radio-1')).toBe(routes.product('Crank Radio', '1'));
    expect(shopPaths.accountSupplies).toBe(SUPPLIES_PATH);
    expect(remotePages().map((page) => page.path)).toEqual(
      expect.arrayContaining([SUPPLIES_PATH, '/checkout/reorder']),
    );
    expect(shopPaths.accountSettings).toBe(routes.accountSettings);
    const ids = ['00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000012'];
    expect(shopPaths.reorder(ids, 'r-1')).toBe(reorderPath(ids, 'r-1'));
    expect(shopPaths.reorder(ids)).toBe(reorderPath(ids));
    expect(shopPaths.reorder(ids).split('?')[0]).toBe('/checkout/reorder');
    // A digest of many products: the link names as many as the page takes (200 made an 8 kB address).
    const many = Array.from(
      { length: 200 },
      (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    expect(REORDER_MAX_PRODUCTS).toBe(SHARED_REORDER_MAX);
    expect(shopPaths.reorder(many, 'r-1')).toBe(reorderPath(many, 'r-1'));
    expect(shopPaths.reorder(many, 'r-1').length).toBeLessThan(2100);
    expect(parseReorderQuery(shopPaths.reorder(many).split('?')[1]!).productIds).toEqual(
      many.slice(0, SHARED_REORDER_MAX),
    );
  });

  it('a supplies reminder lists each item with its lot and date and links Reorder these with the digest', () => {
    const sample = sampleMessages.find((entry) => entry.kind === 'supply_reminder')!;
    const mail = renderMail('supply_reminder', sample.payload, 'https://shop.example/');
    expect(mail.subject).toBe('Rotation reminder: 2 items near best-before');
    expect(mail.text).toContain(
      '2 × Freeze-Dried Meal <Kit>, lot MH-2407, best before 2027-01-15 (48 days left)',
    );
    expect(mail.text).toContain('within 60 days');
    expect(mail.html).toContain('Freeze-Dried Meal &#60;Kit&#62;');
    expect(mail.html).toContain('Hello Jordan &#60;J&#62;,');
    const reorder = new URL(mail.links[0]!);
    expect(reorder.pathname).toBe('/checkout/reorder');
    expect(parseReorderQuery(reorder.search)).toEqual({
      productIds: ['00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000012'],
      reminder: '00000000-0000-4000-8000-000000000077',
    });
    expect(mail.html).toContain('>Reorder these</a>');
    expect(mail.links.slice(1)).toEqual([
      'https://shop.example/account/supplies',
      'https://shop.example/account/settings',
    ]);
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

  it('a back-in-stock e-mail of an emergency says until when the unit is held for its reader', () => {
    const plain = renderOutboxMail(message('waitlist_back_in_stock'), 'https://shop.example/');
    expect(plain.text).not.toContain('holding');
    const base = message('waitlist_back_in_stock');
    const mail = renderOutboxMail(
      { ...base, payload: { ...base.payload, held_until: '2026-11-28T21:05:00.123456+00:00' } },
      'https://shop.example/',
    );
    const held =
      'We are holding one for you until Nov 28, 2026, 9:05 PM UTC. After that it goes to the next person on the waitlist.';
    expect(mail.text).toContain(`is back in stock.\n${held}\n`);
    expect(mail.html).toContain(`<p><strong>${held}</strong></p>`);
    // Its product link carries the token that claims the hold (waitlist_claim_hold); the plain one does not.
    const holding = 'https://shop.example/product/crank-radio-1?hold=ab%2Fc%2Bd';
    expect(mail.links[0]).toBe(holding);
    expect(mail.text).toContain(`${holding}\n`);
    expect(mail.html).toContain(`href="${holding}"`);
    expect(plain.links[0]).toBe('https://shop.example/product/crank-radio-1');
    expect(() =>
      renderOutboxMail(
        { ...base, payload: { ...base.payload, held_until: 'soon' } },
        'https://shop.example/',
      ),
    ).toThrow('bad held_until');
  });

  it("the preview's back-in-stock sample carries the hold's sentence only during an emergency", () => {
    const render = (samples: ReturnType<typeof previewMessages>) =>
      samples.map((sample) => renderMail(sample.kind, sample.payload, 'https://shop.example'));
    const outside = render(previewMessages(null));
    expect(outside).toEqual(render(sampleMessages));
    const during = render(previewMessages('2026-11-29T04:30:00Z'));
    const at = sampleMessages.findIndex((sample) => sample.kind === 'waitlist_back_in_stock');
    const held =
      'We are holding one for you until Nov 29, 2026, 4:30 AM UTC. After that it goes to the next person on the waitlist.';
    expect(outside[at]!.text).not.toContain('holding');
    expect(during[at]!.text).toContain(held);
    expect(during[at]!.html).toContain(`<p><strong>${held}</strong></p>`);
    // Every other e-mail is the same either way.
    expect(during.filter((_, i) => i !== at)).toEqual(outside.filter((_, i) => i !== at));
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

describe('the order e-mails (functions/_shared/email-templates.ts)', () => {
  const order = sampleMessages.find((sample) => sample.kind === 'order_placed')!.payload;

  it('every kind has a sample, an HTML and a plain-text part, and escapes what came from the database', () => {
    for (const sample of sampleMessages) {
      const mail = renderMail(sample.kind, sample.payload, 'https://shop.example');
      expect(mail.subject).not.toBe('');
      expect(mail.text).not.toBe('');
      expect(mail.html).toContain('<');
      expect(mail.html).not.toMatch(/<(b|script|50 pack)>/i);
    }
    const placed = renderMail('order_placed', order, 'https://shop.example');
    expect(placed.html).toContain('Water Purification Tablets &#60;50 pack&#62;');
    expect(placed.html).toContain('Jordan &#34;J&#34; O&#39;Neil');
    expect(placed.text).toContain('Water Purification Tablets <50 pack> × 2: $34.98');
  });

  it('order placed: lines, totals, address, how to pay by bank transfer or on delivery, the order link', () => {
    const mail = renderMail('order_placed', order, 'https://shop.example/');
    expect(mail.subject).toBe('Order RS-K7M2Q-9XD4P received');
    expect(mail.text).toContain('Total: $101.76');
    expect(mail.text).toContain('12 Shelter Lane');
    expect(mail.text).toContain('Reference: RS-K7M2Q-9XD4P');
    expect(mail.text).toContain('Account number: 0012 3456 7890');
    expect(mail.links).toEqual([`https://shop.example${routes.accountOrder(String(order.order_id))}`]);
    const cod = renderMail(
      'order_placed',
      { ...order, payment_method: 'cash_on_delivery' },
      'https://shop.example',
    );
    expect(cod.text).toContain('Pay the courier');
    expect(cod.text).not.toContain('Account number');
    // A guest's order has no account page: its own lookup link when given, else the number to keep.
    const guest = renderMail('order_placed', { ...order, guest: true }, 'https://shop.example');
    expect(guest.links).toEqual([]);
    expect(guest.text).toContain('Keep this e-mail: your order number is RS-K7M2Q-9XD4P.');
    const token = 'ab'.repeat(32);
    const linked = renderMail(
      'order_placed',
      { ...order, guest: true, lookup_token: token },
      'https://shop.example',
    );
    expect(linked.links).toEqual([`https://shop.example${routes.orderStatus(token)}`]);
    expect(linked.text).toContain(`Your order: https://shop.example/order-status?token=${token}`);
  });

  it('an order with a discount code names the code and what it took off; none without', () => {
    const discounted = { ...order, discount: 8.5, discount_code: 'Save<10>', total: 93.26 };
    const mail = renderMail('order_placed', discounted, 'https://shop.example');
    expect(mail.text).toContain('Subtotal: $84.97\nDiscount (Save<10>): -$8.50\nShipping: $9.99');
    expect(mail.html).toContain('Discount (Save&#60;10&#62;)');
    expect(mail.html).toContain('-$8.50');
    expect(renderMail('order_placed', order, 'https://shop.example').text).not.toContain('Discount');
  });

  it('the bank details are the ones the checkout shows (mf-cart texts.payment.bankDetails)', () => {
    const cartTexts = readFileSync(new URL('../../mf-cart/src/texts.ts', import.meta.url), 'utf8');
    expect(bankDetails.length).toBe(4);
    for (const [label, value] of bankDetails) expect(cartTexts).toContain(`['${label}', '${value}']`);
  });

  it('a card order: how to pay by card, not the bank details; Stripe cancelling says why without its event ids', () => {
    const card = renderMail('order_placed', { ...order, payment_method: 'card' }, 'https://shop.example');
    expect(card.text).toContain("How to pay: Pay by card on Stripe's secure payment page.");
    expect(card.text).not.toContain('Account number');
    const expired = renderMail(
      'order_cancelled',
      {
        ...order,
        payment_method: 'card',
        status: 'cancelled',
        by: 'stripe',
        note: 'The card payment page expired (Stripe event evt_test_1, checkout.session.expired): …',
      },
      'https://shop.example',
    );
    expect(expired.text).toContain('the card payment was not completed');
    expect(expired.text).toContain('You have not been charged for it.');
    expect(expired.text).not.toContain('evt_test_1');
  });

  it('shipped: carrier, tracking number and the tracking link', () => {
    const shipped = sampleMessages.find((sample) => sample.kind === 'order_shipped')!;
    const mail = renderMail('order_shipped', shipped.payload, 'https://shop.example');
    expect(mail.text).toContain('Carrier: UPS');
    expect(mail.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail.links[0]).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });
});

describe('the newsletter e-mails', () => {
  it('the confirmation links confirm and a one-click unsubscribe, with the RFC 8058 headers', () => {
    const mail = renderMail(
      'newsletter_confirmation',
      { token: 'c 1', unsubscribe_token: 'u 1' },
      'https://shop.example/',
    );
    const unsubscribe = `https://shop.example${routes.newsletterUnsubscribe('u 1')}`;
    expect(mail.links).toEqual([`https://shop.example${routes.newsletterConfirm('c 1')}`, unsubscribe]);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('Nothing is sent until you do.');
  });

  it('an issue escapes its text, keeps its paragraphs and carries its own unsubscribe link and headers', () => {
    const mail = renderMail(
      'newsletter_issue',
      { subject: 'Tips <b>now</b>', body: 'One & two\nlines.\n\n<script>x</script>', unsubscribe_token: 't' },
      'https://shop.example',
    );
    const unsubscribe = `https://shop.example${routes.newsletterUnsubscribe('t')}`;
    expect(mail.subject).toBe('Tips <b>now</b>');
    expect(mail.html).toContain('<h2>Tips &#60;b&#62;now&#60;/b&#62;</h2>');
    expect(mail.html).toContain('<p>One &#38; two<br>lines.</p>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain(`Unsubscribe with one click:\n${unsubscribe}`);
    expect(mail.links).toEqual([unsubscribe]);
    expect(mail.headers['List-Unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(() => renderMail('newsletter_issue', { subject: 'x', body: 'y' }, 'https://s.example')).toThrow(
      'no unsubscribe_token',
    );
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

describe('the forms’ messages to support', () => {
  it('a contact message shows each field escaped, with the sender as Reply-To', () => {
    const mail = renderMail(
      'contact_message',
      {
        form: 'contact',
        name: 'Robin <b>R</b>',
        email: 'robin@example.com',
        order_number: 'RS-1',
        message: 'Where is it?\n\n<script>x</script>',
      },
      'https://shop.example',
    );
    expect(mail.subject).toBe('Contact message from Robin <b>R</b>');
    expect(mail.text).toContain('Name: Robin <b>R</b>\nE-mail: robin@example.com\nOrder number: RS-1');
    expect(mail.html).toContain('<td>Robin &#60;b&#62;R&#60;/b&#62;</td>');
    expect(mail.html).not.toMatch(/<(script|b)>/);
    expect(mail.headers).toEqual({ 'Reply-To': 'robin@example.com' });
  });

  it('a bulk order request shows the organisation and phone, and no order number', () => {
    const mail = renderMail(
      'contact_message',
      {
        form: 'bulk',
        name: 'Sam',
        email: 'sam@school.example',
        organisation: 'Springfield Elementary',
        phone: '555 0100',
        message: '40 kits',
      },
      'https://shop.example',
    );
    expect(mail.subject).toBe('Bulk order request from Sam');
    expect(mail.text).toContain('Organisation: Springfield Elementary\nPhone: 555 0100');
    expect(mail.text).not.toContain('Order number');
  });
});
