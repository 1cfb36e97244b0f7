import { Writable } from 'node:stream';
import { createLogger, Logger } from '../src/lib/logger';

/** A gateway logger whose JSON lines are kept in memory, for tests that read what was logged. */
export function captureLogger(level = 'info'): { logger: Logger; text(): string; clear(): void } {
  let chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return {
    logger: createLogger(level, sink),
    text: () => chunks.join(''),
    clear: () => void (chunks = []),
  };
}
