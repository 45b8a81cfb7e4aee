/** A peer on the fake network: a host name and what it answers. */
export interface FakePeer {
  host: string;
  handle(request: Request): Promise<Response>;
}

/**
 * A fetch that delivers each request to the fake peer of its host. Any other host fails like
 * an unreachable one, so a test never reaches the real network.
 */
export function fakeNetwork(...peers: FakePeer[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const host = new URL(request.url).host;
    const peer = peers.find((candidate) => candidate.host === host);
    if (!peer) throw new TypeError(`fake network: nothing answers at ${host}`);
    return peer.handle(request);
  };
}
