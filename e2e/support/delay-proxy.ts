// A TCP proxy in front of the test MariaDB whose answers can be held back: a slower network
// path between the worker and its target, switched on between two real runs.

import net from "node:net";

export class DelayProxy {
  /** Milliseconds every chunk from the server waits before it reaches the client. */
  delayMs = 0;
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  private constructor(private readonly upstream: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  static async start(upstream: { host: string; port: number }): Promise<DelayProxy> {
    const proxy = new DelayProxy(upstream);
    await new Promise<void>((resolve) => proxy.server.listen(0, "127.0.0.1", resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  private accept(client: net.Socket): void {
    const server = net.connect(this.upstream.port, this.upstream.host);
    this.sockets.add(client).add(server);
    client.setNoDelay(true);
    server.setNoDelay(true);
    let due = 0; // keeps chunks in order when the delay changes mid-connection
    client.on("data", (chunk) => server.write(chunk));
    server.on("data", (chunk) => {
      if (this.delayMs <= 0 && due <= Date.now()) {
        client.write(chunk);
        return;
      }
      due = Math.max(Date.now() + this.delayMs, due);
      setTimeout(() => client.writable && client.write(chunk), due - Date.now());
    });
    const close = () => {
      client.destroy();
      server.destroy();
      this.sockets.delete(client);
      this.sockets.delete(server);
    };
    client.on("close", close).on("error", close);
    server.on("close", close).on("error", close);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
