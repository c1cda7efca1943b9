import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamHeartbeatSeconds } from '@aforo/contracts/stream';
import { networkScopeQuery } from '@aforo/contracts/common/network-scope';
import { safeText } from '@aforo/contracts/common/text';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { StreamService } from './stream.service';

/** A client this far behind (bytes not yet sent) is dropped; it resumes with Last-Event-ID. */
const maxBacklogBytes = 1024 * 1024;

export function streamRoutes(stream: StreamService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stream',
      {
        // longLived: its answer lasts as long as the connection, not an HTTP latency (http/metrics-hook.ts)
        config: { access: 'signedIn' as const, longLived: true },
        schema: {
          tags: ['stream'],
          summary:
            'Server-Sent Events of the current company (scope=all: every company, provider staff): latest, alert, notification, resync (contracts/src/stream.ts); resume with Last-Event-ID',
          headers: z.object({ 'last-event-id': safeText().max(100).optional() }),
          querystring: z.object({ scope: networkScopeQuery.scope }),
          response: { ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const raw = reply.raw;
        // checked before the stream starts: a refusal is an ordinary JSON error
        const close = stream.open(
          ctx,
          {
            write(text) {
              if (raw.writableLength > maxBacklogBytes) return false;
              raw.write(text);
              return true;
            },
            close: () => raw.end(),
          },
          request.headers['last-event-id'],
          request.query,
        );
        reply.hijack();
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        raw.write(`retry: 3000\n: connected\n\n`);
        const heartbeat = setInterval(() => raw.write(': ping\n\n'), streamHeartbeatSeconds * 1000);
        // the response's close, not the request's: that one fires once the (empty) body is read
        raw.on('close', () => {
          clearInterval(heartbeat);
          close();
        });
      },
    );
  };
}
