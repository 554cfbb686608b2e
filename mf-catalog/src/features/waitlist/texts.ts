/** The back-in-stock waitlist's texts: they load with a sold-out product's form and the waitlist pages, not with every page. */
export const waitlistTexts = {
  heading: 'Back-in-stock alert',
  lead: 'We will send you one e-mail when this product is back in stock.',
  notify: "Notify me when it's back",
  saving: 'Saving...',
  waiting: 'You will be notified by e-mail when it is back in stock.',
  cancel: 'Cancel notification',
  cancelled: 'You will not be notified about this product.',
  emailLabel: 'Your e-mail address',
  emailRequired: 'Please enter your e-mail address',
  emailInvalid: 'Please enter a valid e-mail address',
  checkEmail: (email: string) =>
    `Almost done: we sent a confirmation link to ${email}. Follow it to get the back-in-stock e-mail.`,
  failed: 'Something went wrong. Please try again.',
  loading: 'Checking your link',
  noToken: 'This link is incomplete. Please open it again from the e-mail.',
  confirmTitle: 'Back-in-stock alert',
  unsubscribeTitle: 'Unsubscribe',
  results: {
    confirmed: (name: string) => `Confirmed: we will e-mail you once ${name} is back in stock.`,
    already_confirmed: (name: string) => `You are already on the list for ${name}.`,
    ended: (name: string) =>
      `This alert for ${name} has ended (it was cancelled or the product is back). Ask again on the product page.`,
    unsubscribed: (name: string) => `You are unsubscribed: no more e-mails about ${name}.`,
    already_unsubscribed: (name: string) => `You were already unsubscribed from e-mails about ${name}.`,
    unknown: () => 'This link is not valid. It may be mistyped or replaced by a newer e-mail.',
  },
  /** Emergency mode: stock held for customers on the waitlist (their back-in-stock e-mail holds a unit). */
  held: {
    allStatus: 'Reserved for customers on the waitlist',
    allDetail:
      'Every unit we have is held for customers on its waitlist. Join the waitlist below to be told when one is free.',
    some: (count: number) =>
      count === 1
        ? '1 more is held for customers on its waitlist.'
        : `${count} more are held for customers on its waitlist.`,
    /** As the back-in-stock e-mail says it. */
    yours: (until: string) => `We are holding one for you until ${until}.`,
    add: 'Add it to Cart',
    added: (quantity: number, name: string) => `Added ${quantity} × ${name} to cart`,
    addFailed: 'Failed to add item to cart. Please try again.',
    /** The product link of a holding e-mail (?hold=), opened by someone not signed in. */
    claimLead: 'We are holding one for you. Sign in, or continue as a guest, to buy it.',
    signIn: 'Sign In',
    guest: 'Continue as guest',
    claimEnded: 'The unit we held for you is no longer held: its time ran out or it was bought.',
  },
  viewProduct: 'View the product',
  browse: 'Browse Products',
};
