/** The content pages', blog's and reviews page's words (loaded with those pages only, not on first load). */
export const contentTexts = {
  content: {
    loading: 'Loading page',
    notFound: 'Page Not Found',
    notFoundLead: "The page you're looking for doesn't exist or has been moved.",
    backHome: 'Back to Home',
    home: 'Home',
    updated: (date: string) => `Last updated ${date}`,
    published: (date: string) => `Published ${date}`,
  },
  blog: {
    title: 'Blog',
    lead: 'Preparedness guides, product news and stories from the ReadyStock team.',
    loading: 'Loading posts',
    noPosts: 'There are no posts yet. Check back soon.',
    readMore: (title: string) => `Read ${title}`,
  },
  latestReviews: {
    title: 'Customer Reviews',
    lead: 'The latest reviews our customers wrote, across the whole shop.',
    loading: 'Loading reviews',
    noReviews: 'No reviews yet.',
    about: 'Review of',
    by: (name: string) => `by ${name}`,
  },
} as const;
