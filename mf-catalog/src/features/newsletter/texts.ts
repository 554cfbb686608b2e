/** The newsletter's texts: they load with the home page's band and the newsletter pages, not with every page. */
export const newsletterTexts = {
  title: 'Stay prepared',
  lead: 'Get preparedness tips, new arrivals and member-only offers in your inbox.',
  label: 'Email address',
  placeholder: 'Enter your email',
  submit: 'Subscribe',
  thanks: 'Thank you for subscribing!',
  checkEmail: (email: string) =>
    `Please confirm with the link we sent to ${email}: we send nothing until you do.`,
  emailRequired: 'Please enter your e-mail address',
  emailInvalid: 'Please enter a valid e-mail address',
  failed: 'Something went wrong. Please try again.',
  loading: 'Checking your link',
  noToken: 'This link is incomplete. Please open it again from the e-mail.',
  confirmTitle: 'Newsletter',
  unsubscribeTitle: 'Unsubscribe',
  results: {
    confirmed: 'Confirmed: you will get the ReadyStock newsletter.',
    already_confirmed: 'You are already subscribed to the newsletter.',
    unsubscribed: 'You are unsubscribed: we will not send you the newsletter again.',
    unknown: 'This link is not valid any more. It may be mistyped, or the address was removed already.',
  },
  browse: 'Browse Products',
};
