// jsdom has no layout: scrolling is a no-op in component tests.
window.scrollTo = () => undefined;
