/**
 * HTTP ingestion (docs/DEVICE-PROTOCOL.md): `POST /ingest/v1/up` with `Authorization: Device <serial>:<key>` and
 * the same bodies as MQTT. The answer comes after commit: 200 with the acknowledgement, 400 IN1001
 * when the whole message was refused (it is in failed_measures), 401 IN1000 for bad credentials,
 * 503 IN1002 when it could not be stored (send again), 413 L1001 for a body over MQTT_MAX_PACKET_BYTES.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorMessage } from '@aforo/contracts/errors';
import { languageOf } from '../../http/language';
import type { Ingestion } from '../../ingestion/ingestion';

function credentials(request: FastifyRequest): { serial: string; key: string } | null {
  const header = request.headers.authorization;
  const match = header ? /^Device\s+([^:\s]+):(\S+)$/i.exec(header) : null;
  return match ? { serial: match[1]!, key: match[2]! } : null;
}

export function ingestRoutes(ingestion: Ingestion) {
  return async (app: FastifyInstance) => {
    // the raw bytes are kept (failed_measures stores what arrived), so no JSON parsing here
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    // the same limit as an MQTT packet, checked while the body streams in
    const options = { schema: { hide: true }, bodyLimit: ingestion.maxMessageBytes };
    app.post('/ingest/v1/up', options, async (request, reply) => {
      const lang = languageOf(request);
      const given = credentials(request);
      const device = given ? await ingestion.directory.authenticate(given.serial, given.key) : null;
      if (!device) return reply.status(401).send({ code: 'IN1000', message: errorMessage('IN1000', lang) });
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const ack = await ingestion.up({
          topic: null,
          payload,
          serial: device.serial,
          topicProduct: null,
          receivedAt: new Date(),
        });
        if (ack.error)
          return reply
            .status(400)
            .send({ code: 'IN1001', message: errorMessage('IN1001', lang), reason: ack.error, ...ack });
        return reply.status(200).send(ack);
      } catch (err) {
        request.log.warn({ err, serial: device.serial }, 'HTTP message not stored');
        return reply.status(503).send({ code: 'IN1002', message: errorMessage('IN1002', lang) });
      }
    });
  };
}
