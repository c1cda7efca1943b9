/** A real local HTTP server standing for a webhook receiver: records every request, answers as told. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  /** Statuses of the next answers, in order; 200 once they run out. */
  const answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/aforo`,
    received,
    answers,
    /** Waits (up to 10 s) until `n` requests have arrived. */
    async waitFor(n: number) {
      const deadline = Date.now() + 10_000;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`webhook: ${received.length} of ${n} requests arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
