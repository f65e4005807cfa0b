import { createServer, request, type Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The phone's network, which a test can cut: a small HTTP proxy in front of the server. WebDriver cannot
 * switch a browser's network off, so the page is opened through this; cut, every connection drops (as
 * when the Wi-Fi goes), while the browser still believes it is online.
 */
export interface CuttableNetwork {
  origin: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function cuttableNetwork(target: string): Promise<CuttableNetwork> {
  const upstream = new URL(target);
  let down = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming, outgoing) => {
    if (down) return void incoming.socket.destroy();
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => incoming.socket.destroy());
    incoming.pipe(forwarded);
  });
  server.on('connection', (socket) => {
    if (down) return void socket.destroy();
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
