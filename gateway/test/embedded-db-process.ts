import { ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';

/** One password for every database this helper starts: a database restarted on the same port keeps its URL. */
const PASSWORD = crypto.randomBytes(18).toString('base64url');

/**
 * An embedded PostgreSQL in a child process (PGlite cannot start inside jest's module sandbox), so a test can
 * stop it and start it again.
 */
export async function embeddedDbProcess(opts: {
  port: number;
  dataDir?: string;
  /** The first ANALYZE and the shortest time between two (a minute by default). */
  analyzeAfterMs?: number;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', 'test/embedded-db-main.ts'], {
    cwd: path.join(__dirname, '..'),
    env: {
      ...process.env,
      EMBEDDED_PORT: String(opts.port),
      EMBEDDED_DIR: opts.dataDir ?? '',
      EMBEDDED_PASSWORD: PASSWORD,
      EMBEDDED_ANALYZE_MS: String(opts.analyzeAfterMs ?? ''),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /^ready (\S+)/m.exec(d.toString());
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`embedded database exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
