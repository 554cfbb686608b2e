// Every e-mail the shop sends from its outbox, in one place: each kind of outbox message becomes a
// subject, an HTML part and a plain-text part here. Text that comes from the database (names,
// addresses, notes, product names) is escaped in the HTML part; links are built from the storefront's
// address and the shop's own routes. Plain TypeScript without imports, so the outbox-sender and
// email-preview Edge Functions (Deno) and the Node tests all use it. `sampleMessages` is one example of
// every kind, which staff preview in the back office (the email-preview function).

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Extra headers for the mail server (List-Unsubscribe). */
  headers: Record<string, string>;
}

type Payload = Record<string, unknown>;

/**
 * The storefront pages the links open. They equal @prepper/shared's routes (checked by
 * stack/outbox.test.ts); kept here so the Edge Functions bundle nothing from outside supabase/functions.
 */
/** The most products a reorder link names (@prepper/shared's REORDER_MAX_PRODUCTS). */
export const REORDER_MAX_PRODUCTS = 50;

export const shopPaths = {
  product: (slug: string) => `/product/${slug}`,
  waitlistConfirm: (token: string) => `/waitlist/confirm?token=${encodeURIComponent(token)}`,
  waitlistUnsubscribe: (token: string) => `/waitlist/unsubscribe?token=${encodeURIComponent(token)}`,
  accountOrder: (orderId: string) => `/account/orders/${orderId}`,
  orderStatus: (token: string) => `/order-status?token=${encodeURIComponent(token)}`,
  newsletterConfirm: (token: string) => `/newsletter/confirm?token=${encodeURIComponent(token)}`,
  newsletterUnsubscribe: (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  accountSupplies: '/account/supplies',
  accountSettings: '/account/settings',
  /** With the first REORDER_MAX_PRODUCTS products, as the page takes them (the address stays near 2 kB). */
  reorder: (productIds: readonly string[], reminder?: string) => {
    const query = new URLSearchParams({ products: productIds.slice(0, REORDER_MAX_PRODUCTS).join(',') });
    if (reminder) query.set('reminder', reminder);
    return `/checkout/reorder?${query.toString()}`;
  },
};

/**
 * The shop's bank account for transfers, as the checkout's confirmation page shows it (mf-cart's
 * texts.payment.bankDetails; stack/outbox.test.ts checks they agree).
 */
export const bankDetails: readonly (readonly [string, string])[] = [
  ['Account name', 'ReadyStock Supplies Inc.'],
  ['Bank', 'First Preparedness Bank'],
  ['Account number', '0012 3456 7890'],
  ['Routing number', '021000021'],
];

export const carrierLabels: Readonly<Record<string, string>> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  other: 'Other carrier',
};

/** The kinds of e-mail with a human name, in the order the back office lists them. */
export const mailKinds: readonly { kind: string; label: string }[] = [
  { kind: 'order_placed', label: 'Order placed' },
  { kind: 'order_paid', label: 'Payment received' },
  { kind: 'order_shipped', label: 'Order shipped' },
  { kind: 'order_cancelled', label: 'Order cancelled' },
  { kind: 'order_refunded', label: 'Order refunded' },
  { kind: 'waitlist_confirmation', label: 'Back-in-stock alert: confirm the address' },
  { kind: 'waitlist_back_in_stock', label: 'Back in stock' },
  { kind: 'newsletter_confirmation', label: 'Newsletter: confirm the address' },
  { kind: 'newsletter_issue', label: 'Newsletter' },
  { kind: 'supply_reminder', label: 'Supplies reminder' },
  { kind: 'contact_message', label: 'Message from the Contact Us or Bulk Orders form (to support)' },
];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function field(payload: Payload, name: string): string {
  const value = payload[name];
  if (typeof value !== 'string' || value === '') throw new Error(`Outbox payload has no ${name}`);
  return value;
}

function optional(payload: Payload, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function money(value: unknown): string {
  const amount = Number(value ?? 0);
  const rounded = Math.round((amount + Number.EPSILON) * 100) / 100;
  return `$${rounded.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The shared frame of every e-mail: a heading, the body, the shop's name at the foot. */
function page(title: string, body: string): string {
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#1e293b;max-width:600px;margin:0 auto;padding:16px">\n` +
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>\n${body}\n` +
    `<p style="color:#64748b;font-size:12px">ReadyStock — Be Ready. Stay Safe.</p>\n</body></html>\n`
  );
}

function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

// Orders --------------------------------------------------------------------------------------------

interface OrderLine {
  name: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

function orderLines(payload: Payload): OrderLine[] {
  const lines = Array.isArray(payload.lines) ? payload.lines : [];
  return lines.map((raw) => {
    const line = (raw ?? {}) as Payload;
    return {
      name: typeof line.name === 'string' ? line.name : '',
      quantity: Number(line.quantity ?? 0),
      unitPrice: Number(line.unit_price ?? 0),
      lineTotal: Number(line.line_total ?? 0),
    };
  });
}

function addressLines(payload: Payload): string[] {
  const address = (payload.address ?? {}) as Payload;
  const text = (name: string) => (typeof address[name] === 'string' ? (address[name] as string).trim() : '');
  const cityLine = [text('city'), text('region'), text('postal_code')].filter(Boolean).join(', ');
  return [text('full_name'), text('line1'), text('line2'), cityLine, text('country'), text('phone')].filter(
    (line) => line !== '',
  );
}

/** 'Discount (SAVE10)' when the order used a code that took something off, else null. */
function discountLabel(payload: Payload): string | null {
  if (!(Number(payload.discount ?? 0) > 0)) return null;
  const code = optional(payload, 'discount_code');
  return code ? `Discount (${code})` : 'Discount';
}

function linesText(payload: Payload): string {
  const lines = orderLines(payload)
    .map((line) => `- ${line.name} × ${line.quantity}: ${money(line.lineTotal)}`)
    .join('\n');
  const discount = discountLabel(payload);
  return (
    `${lines}\n\nSubtotal: ${money(payload.subtotal)}\n` +
    (discount ? `${discount}: -${money(payload.discount)}\n` : '') +
    `Shipping: ${money(payload.shipping)}\nTax: ${money(payload.tax)}\nTotal: ${money(payload.total)}`
  );
}

function linesHtml(payload: Payload): string {
  const discount = discountLabel(payload);
  const rows = orderLines(payload)
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}</td><td style="text-align:right">${line.quantity}</td>` +
        `<td style="text-align:right">${money(line.unitPrice)}</td><td style="text-align:right">${money(line.lineTotal)}</td></tr>`,
    )
    .join('\n');
  const total = (label: string, value: unknown, strong = false) =>
    `<tr><td colspan="3" style="text-align:right">${strong ? `<strong>${label}</strong>` : label}</td>` +
    `<td style="text-align:right">${strong ? `<strong>${money(value)}</strong>` : money(value)}</td></tr>`;
  return (
    `<table style="width:100%;border-collapse:collapse" cellpadding="4">\n` +
    `<thead><tr><th style="text-align:left">Item</th><th style="text-align:right">Qty</th>` +
    `<th style="text-align:right">Price</th><th style="text-align:right">Total</th></tr></thead>\n<tbody>\n${rows}\n</tbody>\n<tfoot>\n` +
    total('Subtotal', payload.subtotal) +
    (discount
      ? `<tr><td colspan="3" style="text-align:right">${escapeHtml(discount)}</td>` +
        `<td style="text-align:right">-${money(payload.discount)}</td></tr>`
      : '') +
    total('Shipping', payload.shipping) +
    total('Tax', payload.tax) +
    total('Total', payload.total, true) +
    `\n</tfoot></table>`
  );
}

function addressHtml(payload: Payload): string {
  const lines = addressLines(payload);
  return lines.length === 0
    ? ''
    : `<h2 style="font-size:16px">Shipping to</h2>\n<p>${lines.map(escapeHtml).join('<br>')}</p>`;
}

function addressText(payload: Payload): string {
  const lines = addressLines(payload);
  return lines.length === 0 ? '' : `\n\nShipping to:\n${lines.join('\n')}`;
}

/** Where the customer sees the order: their account's order page, or a guest's own lookup link. */
function orderLink(payload: Payload, base: string): string | null {
  const lookupToken = optional(payload, 'lookup_token');
  if (lookupToken) return base + shopPaths.orderStatus(lookupToken);
  if (payload.guest === true) return null;
  return base + shopPaths.accountOrder(field(payload, 'order_id'));
}

function orderMail(
  payload: Payload,
  base: string,
  subject: string,
  parts: {
    lead: string;
    leadHtml?: string;
    extraText?: string;
    extraHtml?: string;
    lines?: boolean;
    address?: boolean;
  },
  extraLinks: string[] = [],
): RenderedMail {
  const number = field(payload, 'order_number');
  const view = orderLink(payload, base);
  const text =
    `${parts.lead}\n\nOrder ${number}` +
    (parts.lines === false ? '' : `\n${linesText(payload)}`) +
    (parts.address === false ? '' : addressText(payload)) +
    (parts.extraText ? `\n\n${parts.extraText}` : '') +
    (view ? `\n\nYour order: ${view}\n` : `\n\nKeep this e-mail: your order number is ${number}.\n`);
  const html = page(
    subject,
    `<p>${parts.leadHtml ?? escapeHtml(parts.lead)}</p>\n<p>Order <strong>${escapeHtml(number)}</strong></p>\n` +
      (parts.lines === false ? '' : `${linesHtml(payload)}\n`) +
      (parts.address === false ? '' : `${addressHtml(payload)}\n`) +
      (parts.extraHtml ? `${parts.extraHtml}\n` : '') +
      (view
        ? `<p>${link(view, 'View your order')}</p>`
        : `<p>Keep this e-mail: your order number is ${escapeHtml(number)}.</p>`),
  );
  return { subject, text, html, links: [...extraLinks, ...(view ? [view] : [])], headers: {} };
}

function howToPay(payload: Payload): { text: string; html: string } {
  const number = field(payload, 'order_number');
  if (payload.payment_method === 'cash_on_delivery') {
    const line =
      'How to pay: nothing to pay now. Pay the courier in cash or by card when your order arrives.';
    return {
      text: line,
      html: `<h2 style="font-size:16px">How to pay</h2>\n<p>${escapeHtml(line.slice(12))}</p>`,
    };
  }
  if (payload.payment_method === 'card') {
    const line =
      "Pay by card on Stripe's secure payment page. We ship as soon as the payment is confirmed, " +
      'and e-mail you when it is.';
    return {
      text: `How to pay: ${line}`,
      html: `<h2 style="font-size:16px">How to pay</h2>\n<p>${escapeHtml(line)}</p>`,
    };
  }
  const details = [...bankDetails, ['Reference', number] as const, ['Amount', money(payload.total)] as const];
  return {
    text:
      'How to pay: transfer the total to our account below, with your order number as the reference. ' +
      'We ship as soon as it arrives.\n' +
      details.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html:
      `<h2 style="font-size:16px">How to pay</h2>\n<p>Transfer the total to our account below, with your order ` +
      `number as the reference. We ship as soon as it arrives.</p>\n<table cellpadding="2">` +
      details
        .map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`)
        .join('') +
      `</table>`,
  };
}

function renderOrder(kind: string, payload: Payload, base: string): RenderedMail {
  const number = field(payload, 'order_number');
  switch (kind) {
    case 'order_placed': {
      const pay = howToPay(payload);
      return orderMail(payload, base, `Order ${number} received`, {
        lead: 'Thank you for your order! Here is what you ordered.',
        extraText: pay.text,
        extraHtml: pay.html,
      });
    }
    case 'order_paid':
      return orderMail(payload, base, `Payment received for order ${number}`, {
        lead: `We received your payment of ${money(payload.total)}. Your order ships within 1 business day.`,
        address: false,
      });
    case 'order_shipped': {
      const carrier = carrierLabels[optional(payload, 'carrier') ?? ''] ?? null;
      const tracking = optional(payload, 'tracking_number');
      const trackingUrl = optional(payload, 'tracking_url');
      const trackingText = tracking
        ? `Carrier: ${carrier ?? 'Other carrier'}\nTracking number: ${tracking}` +
          (trackingUrl ? `\nTrack your parcel: ${trackingUrl}` : '')
        : 'The parcel has no tracking number.';
      const trackingHtml = tracking
        ? `<h2 style="font-size:16px">Tracking</h2>\n<p>Carrier: ${escapeHtml(carrier ?? 'Other carrier')}<br>` +
          `Tracking number: <strong>${escapeHtml(tracking)}</strong></p>` +
          (trackingUrl ? `\n<p>${link(trackingUrl, 'Track your parcel')}</p>` : '')
        : `<p>The parcel has no tracking number.</p>`;
      return orderMail(
        payload,
        base,
        `Order ${number} has shipped`,
        {
          lead: 'Good news: your order is on its way.',
          extraText: trackingText,
          extraHtml: trackingHtml,
        },
        trackingUrl ? [trackingUrl] : [],
      );
    }
    case 'order_cancelled': {
      const note = optional(payload, 'note');
      const lead =
        payload.by === 'customer'
          ? 'You cancelled your order. Its items went back into stock.'
          : payload.by === 'system'
            ? `Your order was cancelled because we did not receive the payment in time.`
            : payload.by === 'stripe'
              ? 'Your order was cancelled because the card payment was not completed. Its items went back into stock.'
              : 'We cancelled your order.';
      const refund =
        payload.payment_status === 'paid' ||
        payload.payment_status === 'refund_pending' ||
        payload.payment_status === 'refunded'
          ? `You paid ${money(payload.total)} for it: we refund it to you and e-mail you when we have.`
          : 'You have not been charged for it.';
      // Stripe's notes name its event ids, for staff: the lead says what happened.
      const reason = note && payload.by !== 'customer' && payload.by !== 'stripe' ? `Reason: ${note}` : null;
      return orderMail(payload, base, `Order ${number} cancelled`, {
        lead,
        address: false,
        extraText: [reason, refund].filter(Boolean).join('\n'),
        extraHtml: [reason, refund]
          .filter((line): line is string => line !== null)
          .map((line) => `<p>${escapeHtml(line)}</p>`)
          .join('\n'),
      });
    }
    case 'order_refunded':
      return orderMail(payload, base, `Refund for order ${number}`, {
        lead: `We refunded ${money(payload.total)} for your order. Depending on your bank it arrives within a few business days.`,
        address: false,
      });
    default:
      throw new Error(`Unknown outbox message kind "${kind}"`);
  }
}

// Back-in-stock waitlist ----------------------------------------------------------------------------

/** A hold's end as the e-mail says it, in UTC (the shop does not know the reader's time zone). */
function heldUntilText(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error('Outbox payload has a bad held_until');
  const when = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
  return `${when} UTC`;
}

function renderWaitlist(kind: string, payload: Payload, base: string): RenderedMail {
  const name = field(payload, 'product_name');
  const token = field(payload, 'token');
  const productLink = base + shopPaths.product(field(payload, 'product_slug'));
  const unsubscribeLink = base + shopPaths.waitlistUnsubscribe(token);
  const headers = { 'List-Unsubscribe': `<${unsubscribeLink}>` };
  if (kind === 'waitlist_confirmation') {
    const confirmLink = base + shopPaths.waitlistConfirm(token);
    return {
      subject: `Confirm: tell me when ${name} is back`,
      text:
        `Please confirm that we may e-mail you once "${name}" is back in stock:\n${confirmLink}\n\n` +
        `The product: ${productLink}\n\nDid not ask for this? Ignore this e-mail, or stop it here:\n${unsubscribeLink}\n`,
      html:
        `<h2>Confirm your back-in-stock alert</h2>\n` +
        `<p>Please confirm that we may e-mail you once <strong>${escapeHtml(name)}</strong> is back in stock:</p>\n` +
        `<p><a href="${escapeHtml(confirmLink)}">Confirm my alert</a></p>\n` +
        `<p><a href="${escapeHtml(productLink)}">View the product</a></p>\n` +
        `<p>Did not ask for this? Ignore this e-mail, or <a href="${escapeHtml(unsubscribeLink)}">unsubscribe</a>.</p>\n`,
      links: [confirmLink, productLink, unsubscribeLink],
      headers,
    };
  }
  // During an emergency the e-mail holds a unit for its reader until held_until (waitlist_serve_holds).
  const heldUntil = heldUntilText(optional(payload, 'held_until'));
  const held = heldUntil
    ? `We are holding one for you until ${heldUntil}. After that it goes to the next person on the waitlist.`
    : null;
  // A holding e-mail's product link carries its token (?hold=): whoever opens it claims the hold for the
  // account or guest session they buy with (waitlist_claim_hold), whatever address they subscribed with.
  const link = held ? `${productLink}?hold=${encodeURIComponent(token)}` : productLink;
  return {
    subject: `Back in stock: ${name}`,
    text:
      `Good news: "${name}" is back in stock.\n` +
      (held ? `${held}\n` : '') +
      `${link}\n\n` +
      `You asked us to tell you once; this is the only e-mail about it. Unsubscribe:\n${unsubscribeLink}\n`,
    html:
      `<h2>Back in stock</h2>\n<p>Good news: <strong>${escapeHtml(name)}</strong> is back in stock.</p>\n` +
      (held ? `<p><strong>${escapeHtml(held)}</strong></p>\n` : '') +
      `<p><a href="${escapeHtml(link)}">View ${escapeHtml(name)}</a></p>\n` +
      `<p>You asked us to tell you once; this is the only e-mail about it. ` +
      `<a href="${escapeHtml(unsubscribeLink)}">Unsubscribe</a></p>\n`,
    links: [link, unsubscribeLink],
    headers: { ...headers, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

// Newsletter ----------------------------------------------------------------------------------------

/**
 * Every newsletter e-mail (the confirmation too) carries its own one-click unsubscribe link, in the text
 * and as RFC 8058's List-Unsubscribe with List-Unsubscribe-Post (the shop's server answers that POST).
 */
function renderNewsletter(kind: string, payload: Payload, base: string): RenderedMail {
  const unsubscribeLink = base + shopPaths.newsletterUnsubscribe(field(payload, 'unsubscribe_token'));
  const headers = {
    'List-Unsubscribe': `<${unsubscribeLink}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  if (kind === 'newsletter_confirmation') {
    const confirmLink = base + shopPaths.newsletterConfirm(field(payload, 'token'));
    return {
      subject: 'Confirm your ReadyStock newsletter subscription',
      text:
        `Please confirm that you want the ReadyStock newsletter (preparedness tips, new arrivals and ` +
        `member-only offers) at this address:\n${confirmLink}\n\nNothing is sent until you do. ` +
        `Did not ask for this? Ignore this e-mail, or remove the address now:\n${unsubscribeLink}\n`,
      html:
        `<h2>Confirm your newsletter subscription</h2>\n` +
        `<p>Please confirm that you want the ReadyStock newsletter (preparedness tips, new arrivals and ` +
        `member-only offers) at this address.</p>\n` +
        `<p><a href="${escapeHtml(confirmLink)}">Confirm my subscription</a></p>\n` +
        `<p>Nothing is sent until you do. Did not ask for this? Ignore this e-mail, or ` +
        `<a href="${escapeHtml(unsubscribeLink)}">remove the address now</a>.</p>\n`,
      links: [confirmLink, unsubscribeLink],
      headers,
    };
  }
  const subject = field(payload, 'subject');
  const body = field(payload, 'body');
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return {
    subject,
    text: `${body.trim()}\n\n--\nYou get this because you subscribed to the ReadyStock newsletter. Unsubscribe with one click:\n${unsubscribeLink}\n`,
    html:
      `<h2>${escapeHtml(subject)}</h2>\n${paragraphs}\n` +
      `<p style="font-size:12px;color:#64748b">You get this because you subscribed to the ReadyStock ` +
      `newsletter. <a href="${escapeHtml(unsubscribeLink)}">Unsubscribe</a> with one click.</p>\n`,
    links: [unsubscribeLink],
    headers,
  };
}

// Messages from the storefront's forms ---------------------------------------------------------------

/**
 * A message sent with the Contact Us or Bulk Orders form, to the shop's support address. Reply-To is the
 * sender (a plain address: the database checked it), so answering the e-mail answers them.
 */
function renderContactMessage(payload: Payload): RenderedMail {
  const bulk = optional(payload, 'form') === 'bulk';
  const name = field(payload, 'name');
  const email = field(payload, 'email');
  const rows: [string, string | null][] = [
    ['Name', name],
    ['E-mail', email],
    ...(bulk
      ? ([
          ['Organisation', optional(payload, 'organisation')],
          ['Phone', optional(payload, 'phone')],
        ] as [string, string | null][])
      : ([['Order number', optional(payload, 'order_number')]] as [string, string | null][])),
  ];
  const details = rows.filter((row): row is [string, string] => row[1] !== null);
  const message = field(payload, 'message');
  const heading = bulk ? 'Bulk order request' : 'Contact message';
  const subject = `${heading} from ${name}`;
  const paragraphs = message
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return {
    subject,
    text: `${details.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${message}\n`,
    html:
      `<h2>${escapeHtml(heading)}</h2>\n<table>\n` +
      details
        .map(
          ([label, value]) =>
            `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('\n') +
      `\n</table>\n${paragraphs}\n`,
    links: [],
    headers: { 'Reply-To': email },
  };
}

// Supplies reminders ----------------------------------------------------------------------------------

interface ReminderItem {
  productId: string | null;
  name: string;
  quantity: number;
  lotCode: string;
  bestBefore: string;
  daysLeft: number;
}

function reminderItems(payload: Payload): ReminderItem[] {
  const items = Array.isArray(payload.items) ? payload.items : [];
  return items.map((raw) => {
    const item = (raw ?? {}) as Payload;
    return {
      productId: typeof item.product_id === 'string' ? item.product_id : null,
      name: typeof item.product_name === 'string' ? item.product_name : '',
      quantity: Number(item.quantity ?? 0),
      lotCode: typeof item.lot_code === 'string' ? item.lot_code : '',
      bestBefore: typeof item.best_before === 'string' ? item.best_before : '',
      daysLeft: Number(item.days_left ?? 0),
    };
  });
}

function daysLeftText(days: number): string {
  if (days <= 0) return 'best before today';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/**
 * The rotation reminder: one digest of the customer's supplies that came within their window, with a
 * "Reorder these" link (the products still sold, and the digest's id so the order remembers it), a link
 * to My Supplies (mark items used up or given away) and one to the settings (change the window or turn
 * reminders off).
 */
function renderSupplyReminder(payload: Payload, base: string): RenderedMail {
  const items = reminderItems(payload);
  if (items.length === 0) throw new Error('Outbox payload has no items');
  const windowDays = Number(payload.window_days ?? 0);
  const firstName = optional(payload, 'first_name');
  const productIds = [...new Set(items.map((item) => item.productId).filter((id): id is string => !!id))];
  const reorderLink = base + shopPaths.reorder(productIds, optional(payload, 'digest_id') ?? undefined);
  const suppliesLink = base + shopPaths.accountSupplies;
  const settingsLink = base + shopPaths.accountSettings;
  const count = items.length === 1 ? '1 item' : `${items.length} items`;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const intro = `${count} of your supplies reach their best-before date within ${windowDays} days. Time to rotate: use them, and restock.`;
  const line = (item: ReminderItem) =>
    `${item.quantity} × ${item.name}, lot ${item.lotCode}, best before ${item.bestBefore} (${daysLeftText(item.daysLeft)})`;
  const links =
    productIds.length > 0 ? [reorderLink, suppliesLink, settingsLink] : [suppliesLink, settingsLink];
  return {
    subject: `Rotation reminder: ${count} near best-before`,
    text:
      `${greeting}\n\n${intro}\n\n${items.map((item) => `- ${line(item)}`).join('\n')}\n\n` +
      (productIds.length > 0 ? `Reorder these:\n${reorderLink}\n\n` : '') +
      `Used them up or gave them away? Mark them in My Supplies and we will not remind you again:\n${suppliesLink}\n\n` +
      `Change the reminder window or turn reminders off in your account settings:\n${settingsLink}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p>\n<p>${escapeHtml(intro)}</p>\n<ul>\n` +
      items.map((item) => `<li>${escapeHtml(line(item))}</li>`).join('\n') +
      `\n</ul>\n` +
      (productIds.length > 0 ? `<p><strong>${link(reorderLink, 'Reorder these')}</strong></p>\n` : '') +
      `<p>Used them up or gave them away? ${link(suppliesLink, 'Mark them in My Supplies')} and we will not remind you again.</p>\n` +
      `<p style="font-size:12px;color:#64748b">${link(settingsLink, 'Change the reminder window or turn reminders off')}.</p>\n`,
    links,
    headers: {},
  };
}

/** The e-mail for an outbox message of `kind`; `shopUrl` is the storefront's public address. */
export function renderMail(kind: string, payload: Payload, shopUrl: string): RenderedMail {
  const base = shopUrl.replace(/\/+$/, '');
  if (kind === 'newsletter_confirmation' || kind === 'newsletter_issue') {
    return renderNewsletter(kind, payload, base);
  }
  if (kind === 'waitlist_confirmation' || kind === 'waitlist_back_in_stock') {
    return renderWaitlist(kind, payload, base);
  }
  if (kind === 'supply_reminder') {
    const mail = renderSupplyReminder(payload, base);
    return { ...mail, html: page('Time to rotate your supplies', mail.html) };
  }
  if (kind.startsWith('order_')) return renderOrder(kind, payload, base);
  if (kind === 'contact_message') return renderContactMessage(payload);
  throw new Error(`Unknown outbox message kind "${kind}"`);
}

// Samples for the preview ----------------------------------------------------------------------------

const sampleOrder: Payload = {
  order_id: '00000000-0000-4000-8000-000000000042',
  order_number: 'RS-K7M2Q-9XD4P',
  placed_at: '2026-11-26T10:00:00Z',
  status: 'pending',
  payment_status: 'awaiting_payment',
  payment_method: 'bank_transfer',
  shipping_method: 'standard',
  subtotal: 84.97,
  shipping: 9.99,
  tax: 6.8,
  total: 101.76,
  lines: [
    { name: 'Hand-Crank Emergency Radio', quantity: 1, unit_price: 49.99, line_total: 49.99 },
    { name: 'Water Purification Tablets <50 pack>', quantity: 2, unit_price: 17.49, line_total: 34.98 },
  ],
  address: {
    full_name: 'Jordan "J" O\'Neil',
    line1: '12 Shelter Lane',
    line2: 'Unit 3',
    city: 'Springfield',
    region: 'IL',
    postal_code: '62701',
    country: 'United States',
    phone: '+1 555 0100',
  },
  carrier: null,
  tracking_number: null,
  tracking_url: null,
  by: 'customer',
  note: null,
  guest: false,
};

/** One example message of every kind, with text that needs escaping, for the back office's preview. */
export const sampleMessages: readonly { kind: string; label: string; payload: Payload }[] = mailKinds.map(
  ({ kind, label }) => {
    const payloads: Record<string, Payload> = {
      order_placed: sampleOrder,
      order_paid: { ...sampleOrder, status: 'pending', payment_status: 'paid' },
      order_shipped: {
        ...sampleOrder,
        status: 'shipped',
        payment_status: 'paid',
        carrier: 'ups',
        tracking_number: '1Z999AA10123456784',
        tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
      order_cancelled: {
        ...sampleOrder,
        status: 'cancelled',
        payment_status: 'refund_pending',
        by: 'admin',
        note: 'Out of stock at the warehouse',
      },
      order_refunded: { ...sampleOrder, status: 'cancelled', payment_status: 'refunded', by: 'admin' },
      waitlist_confirmation: {
        product_name: 'Solar <Lantern>',
        product_slug: 'solar-lantern-1',
        token: 'sample',
      },
      waitlist_back_in_stock: {
        product_name: 'Solar <Lantern>',
        product_slug: 'solar-lantern-1',
        token: 'sample',
      },
      newsletter_confirmation: { token: 'sample', unsubscribe_token: 'sample' },
      newsletter_issue: {
        subject: 'Winter is coming: <b>5</b> things for the car',
        body: 'A blanket, a torch & spare batteries.\n\nAnd water: "one gallon a day".',
        unsubscribe_token: 'sample',
      },
      contact_message: {
        message_id: '00000000-0000-4000-8000-000000000043',
        form: 'contact',
        name: 'Jordan "J" O\'Neil',
        email: 'jordan@example.com',
        order_number: 'RS-K7M2Q-9XD4P',
        message: 'Where is my <b>order</b>?\n\nIt was due on Monday & has not arrived.',
      },
      supply_reminder: {
        digest_id: '00000000-0000-4000-8000-000000000077',
        window_days: 60,
        first_name: 'Jordan <J>',
        items: [
          {
            product_id: '00000000-0000-4000-8000-000000000011',
            product_name: 'Freeze-Dried Meal <Kit>',
            quantity: 2,
            lot_code: 'MH-2407',
            best_before: '2027-01-15',
            days_left: 48,
          },
          {
            product_id: '00000000-0000-4000-8000-000000000012',
            product_name: 'Emergency Water Pouches',
            quantity: 1,
            lot_code: 'RW-1188',
            best_before: '2027-01-20',
            days_left: 53,
          },
        ],
      },
    };
    return { kind, label, payload: payloads[kind]! };
  },
);

/**
 * The preview's samples as things stand: while an emergency is open a back-in-stock e-mail holds a unit
 * for its reader (held_until, see waitlist_serve_holds), so its sample carries `heldUntil` and the preview
 * shows the sentence the real e-mail then has. Outside an emergency (null) the samples as they are.
 */
export function previewMessages(
  heldUntil: string | null,
): readonly { kind: string; label: string; payload: Payload }[] {
  if (!heldUntil) return sampleMessages;
  return sampleMessages.map((sample) =>
    sample.kind === 'waitlist_back_in_stock'
      ? { ...sample, payload: { ...sample.payload, held_until: heldUntil, held_quantity: 1 } }
      : sample,
  );
}
