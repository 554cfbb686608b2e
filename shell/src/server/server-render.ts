import type { PageMeta, ServerData, ServerRead, ServerRender } from '@prepper/shared';

/** One request's render (made per request, never shared): its reads, head, status and redirect. */
export class ServerRenderState implements ServerRender {
  readonly reads = new Map<string, Map<string, ServerRead>>();
  meta: PageMeta | undefined;
  status = 200;
  redirect: string | undefined;

  /** `origin`: the page's origin (canonical URLs, Open Graph). */
  constructor(readonly origin: string) {}

  setMeta(meta: PageMeta): void {
    this.meta = meta;
  }

  setStatus(status: number): void {
    this.status = status;
  }

  setRedirect(location: string): void {
    this.redirect = location;
  }

  /** The reads that succeeded, as the page's JSON data block carries them. */
  data(): ServerData {
    const data: ServerData = {};
    for (const [remote, reads] of this.reads) {
      for (const [key, read] of reads) {
        if (read.status !== 'done') continue;
        (data[remote] ??= {})[key] = read.value;
      }
    }
    return data;
  }
}
