// A test function in the `export default { fetch }` form the edge runtime also accepts.
export default {
  fetch(request: Request): Response {
    return new Response(`default export saw ${new URL(request.url).pathname}`, { status: 201 });
  },
};
