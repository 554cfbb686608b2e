// A test function that fails while loading, as a function with a broken import or top-level error does.
throw new Error('this function fails to boot');
