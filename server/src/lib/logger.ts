import pino, { type Logger } from 'pino';

/** JSON logs for machines; readable lines when a person watches the terminal. */
export function createLogger(level: string, pretty = process.stdout.isTTY === true): Logger {
  return pino({
    level,
    redact: ['req.headers.authorization', 'password', 'currentPassword', '*.password'],
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
