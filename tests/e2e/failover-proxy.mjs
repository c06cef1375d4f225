// A load balancer for the browser tests of several servers, as Caddy's
// `lb_policy first` is in docs/deploy.md: each connection goes to the first
// backend that takes it, so when a server is killed its clients' next
// connections reach the next one. Loopback only; TCP, so HTTP and WebSockets alike.
import net from 'node:net';

/** Listens on a free loopback port and passes each connection to the first of `ports` that answers. */
export async function failoverProxy(ports) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    const tryBackend = (i) => {
      if (i >= ports.length) {
        client.destroy();
        return;
      }
      const backend = net.connect(ports[i], '127.0.0.1');
      backend.once('error', () => {
        backend.destroy();
        if (!backend.connectedOnce) tryBackend(i + 1);
        else client.destroy();
      });
      backend.once('connect', () => {
        backend.connectedOnce = true;
        sockets.add(backend);
        backend.on('close', () => {
          sockets.delete(backend);
          client.destroy();
        });
        client.on('close', () => backend.destroy());
        client.pipe(backend);
        backend.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(resolve);
    }),
  };
}
