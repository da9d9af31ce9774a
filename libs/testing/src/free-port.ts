import { createServer } from 'node:net';

/** Ports this process handed out: the OS may offer a closed one again before its new owner has bound it. */
const handedOut = new Set<number>();

/**
 * A TCP port nothing listens on right now (the OS picks it), never one this process handed out before: a platform
 * takes its services' ports first and starts them later, and two services given the same port would leave one
 * answering for the other.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unusedPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
