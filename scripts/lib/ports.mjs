import net from 'node:net';

/** Resolves true when nothing listens on the port (checked the way a server would bind it). */
export function isPortFree(port, host = '0.0.0.0') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, host);
  });
}

/** A port the OS says is free right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The preferred port when free, else any free one. */
export async function preferredPort(preferred) {
  return (await isPortFree(preferred, '127.0.0.1')) ? preferred : freePort();
}
