-- Contact Us shows the store's contact details from its settings (issue 29), beside the form: the
-- seeded text no longer repeats them, so a changed address or phone number shows everywhere at once.
-- Only a text staff have not edited is replaced.
update public.content_pages
set body = $md$We answer every message within **one business day**, Monday to Friday. Our e-mail addresses, phone numbers and address are under *Contact details* below.

Writing about an order? Add its order number so we can find it straight away.
$md$
where slug = 'contact-us' and body = $md$We answer every message within **one business day**, Monday to Friday.

- Customer support: [support@readystock.example](mailto:support@readystock.example)
- Orders: [orders@readystock.example](mailto:orders@readystock.example)
- Phone: (555) 010-2030, weekdays 8 am to 6 pm Mountain Time

Writing about an order? Add its order number so we can find it straight away.
$md$;
