import pino from 'pino';

/** Structured JSON logs; secrets, positions and database parameters are redacted wherever they appear by these names. */
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
          // Database errors carry the statement's parameters and PostgreSQL's detail ("Key (email)=(…)"): values
          // of users (e-mail addresses…), never logged. The statement text and the error code stay.
          'err.parameters',
          'err.detail',
          'err.driverError.parameters',
          'err.driverError.detail',
          'err.cause.parameters',
          'err.cause.detail',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination(1),
  );
}
export type Logger = ReturnType<typeof createLogger>;
