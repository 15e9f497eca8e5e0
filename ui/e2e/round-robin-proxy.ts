import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/** RoundRobinProxy is a running load balancer in front of several nodes. */
export interface RoundRobinProxy {
  baseURL: string;
  /** served counts the requests each node was sent, in the order of the targets. */
  served: number[];
  close: () => Promise<void>;
}

/**
 * startRoundRobinProxy listens on a free port of 127.0.0.1 and sends each request to the next
 * of targets in turn, as a load balancer without sticky sessions does: a browser's requests
 * alternate between the nodes. Headers go through unchanged (the Host too, so a node sees the
 * address the browser used, as behind a real balancer).
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const served = targets.map(() => 0);
  const urls = targets.map((target) => new URL(target));
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next++ % urls.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = urls[index] as URL;
    const upstream = request(
      { hostname: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
