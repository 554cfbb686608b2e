// The newsletter on the production build: the home page's band signs an address up with double opt-in,
// the confirmation e-mail (read from the stack's local mailbox with the service key, in the test process)
// confirms it, an issue then reaches it, and that issue's one-click link unsubscribes it. A mail
// client's RFC 8058 POST to the same link is answered by the shop's server.
import {
  expect,
  mailsTo,
  serviceClient,
  SHOP_URL,
  stackInfo,
  test,
  type MailboxMessage,
} from './fixtures.ts';

async function newestMail(to: string, subject: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).find((mail) => mail.subject === subject);
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

async function subscribed(email: string): Promise<{ confirmed_at: string | null } | null> {
  const { data, error } = await serviceClient()
    .from('newsletter_subscribers')
    .select('confirmed_at')
    .eq('email', email)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data as { confirmed_at: string | null } | null;
}

test.describe.configure({ timeout: 120_000 });

test('sign up on the home page, confirm from the e-mail, then unsubscribe with one click', async ({
  page,
}) => {
  const email = `news.${Date.now()}@example.com`;
  await page.goto('/');
  const band = page.getByRole('region', { name: 'Stay prepared' });
  await band.getByRole('button', { name: 'Subscribe' }).click();
  await expect(band.getByText('Please enter your e-mail address')).toBeVisible();
  await band.getByRole('textbox', { name: 'Email address' }).fill(email);
  await band.getByRole('button', { name: 'Subscribe' }).click();
  await expect(band.getByRole('status')).toHaveText(
    `Thank you for subscribing! Please confirm with the link we sent to ${email}: we send nothing until you do.`,
  );
  await expect(band.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  expect(await subscribed(email)).toEqual({ confirmed_at: null });

  // Nothing but the confirmation reaches an unconfirmed address.
  const before = await serviceClient().rpc('newsletter_queue_issue', {
    p_subject: `Not yet ${email}`,
    p_body: 'Only for confirmed addresses.',
  });
  expect(before.error).toBeNull();
  const confirmation = await newestMail(email, 'Confirm your ReadyStock newsletter subscription');
  const confirmLink = confirmation.links.find((link) => link.includes('/newsletter/confirm?token='))!;
  expect(confirmLink.startsWith(SHOP_URL)).toBe(true);
  await page.goto(confirmLink);
  await expect(page.getByText('Confirmed: you will get the ReadyStock newsletter.')).toBeVisible();
  expect((await subscribed(email))?.confirmed_at).not.toBeNull();
  expect((await mailsTo(email)).map((mail) => mail.subject)).not.toContain(`Not yet ${email}`);

  // An issue now reaches it, with its own one-click unsubscribe link.
  const subject = `Winter checklist ${email}`;
  const sent = await serviceClient().rpc('newsletter_queue_issue', {
    p_subject: subject,
    p_body: 'A blanket, a torch and water.\n\nStay safe.',
  });
  expect(sent.error).toBeNull();
  const issue = await newestMail(email, subject);
  expect(issue.text).toContain('A blanket, a torch and water.');
  const unsubscribeLink = issue.links.find((link) => link.includes('/newsletter/unsubscribe?token='))!;

  // What a mail client's button sends (RFC 8058): anything but the one-click body is refused.
  const wrong = await fetch(unsubscribeLink, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=Maybe',
  });
  expect(wrong.status).toBe(400);
  expect(await subscribed(email)).not.toBeNull();

  await page.goto(unsubscribeLink);
  await expect(
    page.getByText('You are unsubscribed: we will not send you the newsletter again.'),
  ).toBeVisible();
  expect(await subscribed(email)).toBeNull();
  const again = await fetch(unsubscribeLink, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(again.status).toBe(200);
});

test("a mail client's one-click POST (RFC 8058) unsubscribes without a browser", async () => {
  const email = `oneclick.${Date.now()}@example.com`;
  // Signed up as a visitor would be, through the REST API with the public key.
  const { url, anonKey } = stackInfo();
  const asked = await fetch(`${url}/rest/v1/rpc/newsletter_subscribe`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_email: email }),
  });
  expect(asked.ok).toBe(true);
  const confirmation = await newestMail(email, 'Confirm your ReadyStock newsletter subscription');
  const unsubscribeLink = confirmation.links.find((link) => link.includes('/newsletter/unsubscribe?token='))!;
  expect(await subscribed(email)).not.toBeNull();
  const posted = await fetch(unsubscribeLink, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status).toBe(200);
  expect(await subscribed(email)).toBeNull();
});
