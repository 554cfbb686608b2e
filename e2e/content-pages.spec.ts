// Content pages on the production build: the footer's links lead to the pages staff edit; a page edited
// in the back office is then shown in the shop, its Markdown rendered without raw HTML or unsafe links;
// a Contact Us message is refused per field, then sent, arrives in the stack's local mailbox (read with
// the service key, in the test process) and in the back office, where staff close it; the blog and
// the shop's reviews page.
import { expect, mailsTo, serviceClient, signInAsAdmin, test, type MailboxMessage } from './fixtures.ts';

const SUPPORT = 'support@readystock.example';

test.describe.configure({ timeout: 120_000 });

test.describe('content pages', () => {
  let original = '';

  test.beforeAll(async () => {
    const { data, error } = await serviceClient()
      .from('content_pages')
      .select('body')
      .eq('slug', 'shipping-info')
      .single();
    if (error) throw error;
    original = (data as { body: string }).body;
  });

  test.afterAll(async () => {
    await serviceClient().from('content_pages').update({ body: original }).eq('slug', 'shipping-info');
  });

  test('a page edited in the back office is then shown, safely rendered', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Info' }).click();
    await expect(page).toHaveURL(/\/pages\/shipping-info$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping Info' })).toBeVisible();
    await expect(page).toHaveTitle('Shipping Info | ReadyStock');

    await signInAsAdmin(page);
    await page.goto('/admin/pages');
    await expect(page.getByRole('heading', { level: 1, name: 'Content Pages' })).toBeVisible();
    await page.getByRole('link', { name: 'Edit Shipping Info' }).click();
    const body = page.getByLabel('Text (Markdown)');
    await expect(body).toHaveValue(original);
    const title = page.getByLabel('Title');
    await title.fill('');
    await page.getByRole('button', { name: 'Save Page' }).click();
    await expect(page.getByText('Please enter a title')).toBeVisible();
    await expect(title).toBeFocused();
    await title.fill('Shipping Info');
    await body.fill(
      [
        '## Holiday shipping',
        '',
        'Order by **December 18** for delivery before the holidays. Questions? [Contact us](/pages/contact-us).',
        '',
        '<script>window.__contentInjected = true</script>',
        '',
        '[Click here](javascript:window.__contentInjected=true) and <img src=x onerror="window.__contentInjected=true">',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Save Page' }).click();
    await expect(page.getByText('Page saved')).toBeVisible();

    await page.goto('/pages/shipping-info');
    await expect(page.getByRole('heading', { level: 2, name: 'Holiday shipping' })).toBeVisible();
    await expect(page.getByText('December 18', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute(
      'href',
      '/pages/contact-us',
    );
    // Raw HTML is text and the javascript: link no link at all.
    await expect(page.getByText('<script>window.__contentInjected = true</script>')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Click here' })).toHaveCount(0);
    await expect(page.locator('article img')).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as { __contentInjected?: boolean }).__contentInjected),
    ).toBeUndefined();

    // The change is in the audit log, by the administrator who made it.
    const { data: entries } = await serviceClient()
      .from('audit_log')
      .select('actor_email, action, changes')
      .eq('entity', 'page')
      .eq('record_label', 'Shipping Info')
      .order('id', { ascending: false })
      .limit(1);
    expect(entries?.[0]).toMatchObject({ actor_email: 'admin@example.com', action: 'changed' });
    expect(Object.keys((entries?.[0] as { changes: object }).changes)).toEqual(['body']);
  });

  test('a contact message is sent, then arrives in the mailbox and in the back office', async ({ page }) => {
    const name = `Robin ${Date.now()}`;
    const text = `Where is my parcel? (${name})`;
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const form = page.getByRole('region', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please enter your name')).toBeVisible();
    await expect(form.getByText('Please enter a message')).toBeVisible();
    await expect(form.getByLabel('Name')).toBeFocused();

    await form.getByLabel('Name').fill(name);
    await form.getByLabel('E-mail').fill('robin.contact@example.com');
    await form.getByLabel('Order number (optional)').fill('bad order!');
    await form.getByLabel('Message').fill(text);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please enter a valid order number')).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue(text);
    await form.getByLabel('Order number (optional)').fill('RS-K7M2Q-9XD4P');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Thank you! Your message has been sent. We answer within one business day.',
    );
    await expect(form.getByLabel('Message')).toHaveValue('');

    let mail: MailboxMessage | undefined;
    await expect
      .poll(
        async () => {
          mail = (await mailsTo(SUPPORT)).find(
            (candidate) => candidate.subject === `Contact message from ${name}`,
          );
          return mail !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(mail!.text).toContain('E-mail: robin.contact@example.com');
    expect(mail!.text).toContain('Order number: RS-K7M2Q-9XD4P');
    expect(mail!.text).toContain(text);

    await signInAsAdmin(page);
    await page.goto('/admin/messages');
    const message = page.getByRole('article', { name: `Contact: ${name}` });
    await expect(message).toBeVisible();
    await expect(message.getByText(text)).toBeVisible();
    await message.getByRole('button', { name: `Close the message from ${name}` }).click();
    await expect(page.getByText('Message closed')).toBeVisible();
    await expect(message).toHaveCount(0);
    const { data } = await serviceClient()
      .from('contact_messages')
      .select('status')
      .eq('name', name)
      .single();
    expect(data).toEqual({ status: 'closed' });
  });

  test('the blog says there are no posts yet; the reviews page shows the latest reviews', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page.getByText('There are no posts yet. Check back soon.')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Reviews' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeVisible();
    const { data: latest } = await serviceClient()
      .from('reviews')
      .select('title')
      .eq('status', 'approved')
      .order('created_at', { ascending: false })
      .limit(1);
    expect(latest?.length).toBe(1);
    await expect(page.getByRole('heading', { level: 2, name: latest![0]!.title }).first()).toBeVisible();
  });
});
