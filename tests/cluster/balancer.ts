import net from 'node:net';

/**
 * The load balancer in front of the API nodes, as small as it gets: each new connection goes to
 * the next node in turn; a node that refuses the connection (it died) is skipped for the next,
 * as a balancer's health check would. `upstreamOf(localPort)` says which node a client's
 * connection (named by the client's own port) went to.
 */
export async function startBalancer(ports: number[]) {
  let turn = 0;
  const placed = new Map<number, number>();
  const sockets = new Set<net.Socket>();
  const connectTo = (client: net.Socket, tries: number) => {
    const port = ports[turn++ % ports.length];
    const upstream = net.connect(port, '127.0.0.1');
    let connected = false;
    upstream.on('error', () => {
      if (!connected && tries + 1 < ports.length) return connectTo(client, tries + 1);
      client.destroy();
      upstream.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      placed.set(client.remotePort!, port);
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
  };
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    connectTo(client, 0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as net.AddressInfo).port,
    upstreamOf: (clientLocalPort: number) => placed.get(clientLocalPort),
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}
