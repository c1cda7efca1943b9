import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { isQueryError, loggableQueryError } from './query-error';
import { redactLinks } from './redact-links';

/** The request fields Fastify logs, with one-time tokens cut out of the URL. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}
const serializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: req.url === undefined ? undefined : redactLinks(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
  // a failed query logged anywhere (jobs, ingestion) keeps its statement and SQLSTATE, not its values
  err: (err: unknown) =>
    isQueryError(err) ? loggableQueryError(err) : pino.stdSerializers.err(err as Error),
};

/**
 * JSON logs for machines; readable lines when a person watches the terminal. `onLine` hears every
 * line written (children's too): main.ts prints its start-up banner once the lines stop.
 */
export function createLogger(
  level: string,
  pretty = process.stdout.isTTY === true,
  destination?: DestinationStream,
  onLine?: () => void,
): Logger {
  const options: LoggerOptions = {
    level,
    redact: ['req.headers.authorization', 'password', 'currentPassword', '*.password'],
    serializers,
    ...(onLine && {
      hooks: {
        logMethod(args, method) {
          onLine();
          method.apply(this, args);
        },
      },
    }),
  };
  if (destination) return pino(options, destination);
  if (!pretty) return pino(options);
  return pino({
    ...options,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    },
  });
}
export type { Logger };
