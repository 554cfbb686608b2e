import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Brings a new page in at its top. Only when the path changes: on the page the visitor arrived on the
 * browser keeps the place it chose (a server-rendered page can be scrolled before it has hydrated, and
 * jumping back to the top then would move what the visitor was about to tap).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}
