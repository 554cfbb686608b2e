import '../styles.css';
import { routes, type ExposeComponent } from '@prepper/shared';
import { useLocation } from 'react-router-dom';
import { BlogPage } from '../app/pages/blog-page';
import { ContentPage } from '../app/pages/content-page';
import { ReviewsPage } from '../app/pages/reviews-page';

/**
 * The shop's own pages, one expose (the shell's first load carries one registry entry for them all):
 * /pages/:slug and the policies (ContentPage), /blog (BlogPage) and /reviews (ReviewsPage).
 */
function ContentPages() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  if (path === routes.blog) return <BlogPage />;
  if (path === routes.reviews) return <ReviewsPage />;
  return <ContentPage />;
}

export default ContentPages satisfies ExposeComponent<'catalog', 'ContentPage'>;
