import { createServer, connect, type Server, type Socket } from "node:net";
import { once } from "node:events";

/**
 * A TCP proxy on loopback that a test can cut (refuse and drop every connection) and restore,
 * to play a database outage without touching the real server.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as { port: number }).port;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuse new connections and drop the open ones. */
    async cut() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise((done) => closing.close(done));
    },
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
