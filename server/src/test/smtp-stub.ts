/**
 * A minimal SMTP server for tests (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no auth),
 * enough for nodemailer. Messages are kept decoded (quoted-printable and base64 bodies undone).
 */
import net from 'node:net';

export interface SmtpStub {
  url: string;
  /** Decoded messages received so far, oldest first. */
  messages: string[];
  /** The same messages as received (MIME parts and their base64 intact: attachments' bytes). */
  raw: string[];
  /** Resolves once `count` messages have arrived. */
  received(count: number, timeoutMs?: number): Promise<string[]>;
  /** Greets no new connection until `release` is called (a slow mail server). */
  hold(): void;
  release(): void;
  /** Answers 550 to every recipient from now on (a refusing mail server). */
  refuseRecipients(): void;
  close(): Promise<void>;
}

function decodeMessage(raw: string): string {
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = /Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw)?.[1];
  return b64 ? `${qp}\n${Buffer.from(b64.replace(/\s/g, ''), 'base64').toString('utf8')}` : qp;
}

/** `port`: listen there (a server started again on the address the app knows); else a free one. */
export async function startSmtpStub(options: { port?: number } = {}): Promise<SmtpStub> {
  const messages: string[] = [];
  const raw: string[] = [];
  const waiters: Array<() => void> = [];
  let held: Array<() => void> | undefined;
  let refusing = false;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    const say = (line: string) => socket.write(`${line}\r\n`);
    const onLine = (line: string) => {
      if (inData) {
        if (line === '.') {
          inData = false;
          raw.push(data.join('\r\n'));
          messages.push(decodeMessage(data.join('\r\n')));
          data = [];
          say('250 2.0.0 queued');
          waiters.splice(0).forEach((w) => w());
        } else data.push(line.startsWith('..') ? line.slice(1) : line);
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        say('250-localhost');
        say('250 8BITMIME');
      } else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') say('250 OK');
      else if (verb === 'RCPT') say(refusing ? '550 5.1.1 no such user' : '250 OK');
      else if (verb === 'DATA') {
        inData = true;
        say('354 end with .');
      } else if (verb === 'QUIT') {
        say('221 bye');
        socket.end();
      } else say('502 not implemented');
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        onLine(buffer.slice(0, at));
        buffer = buffer.slice(at + 2);
      }
    });
    socket.on('error', () => undefined);
    const greet = () => say('220 localhost ESMTP test');
    if (held) held.push(greet);
    else greet();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    raw,
    async received(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`${messages.length} of ${count} mails arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages;
    },
    hold() {
      held ??= [];
    },
    release() {
      const greetings = held ?? [];
      held = undefined;
      greetings.forEach((greet) => greet());
    },
    refuseRecipients() {
      refusing = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // connections left open would keep close() waiting
        sockets.forEach((socket) => socket.destroy());
      }),
  };
}
