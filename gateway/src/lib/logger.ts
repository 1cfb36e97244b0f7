import pino from 'pino';

/** Structured JSON logs; secrets and positions are redacted wherever they appear by these names. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          'password',
          '*.password',
          'token',
          '*.token',
          'cookie',
          '*.cookie',
          'req.headers.cookie',
          'latitude',
          'longitude',
          '*.latitude',
          '*.longitude',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination(1),
  );
}
export type Logger = ReturnType<typeof createLogger>;
