import pino, { type Logger } from 'pino';
import { isQueryError, loggableQueryError } from './query-error';

/** JSON logs for machines; readable lines when a person watches the terminal. */
export function createLogger(level: string, pretty = process.stdout.isTTY === true): Logger {
  return pino({
    level,
    redact: ['req.headers.authorization', 'password', 'currentPassword', '*.password'],
    // a failed query logged anywhere (jobs, ingestion) keeps its statement and SQLSTATE, not its values
    serializers: {
      err: (err: unknown) =>
        isQueryError(err) ? loggableQueryError(err) : pino.stdSerializers.err(err as Error),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
export type { Logger };
