import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** A free TCP port on 127.0.0.1 (taken, then released: the caller binds it next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** s3rver (an S3-compatible server from npm) in a child process: the local stand-in for the object store. */
export interface S3rverProcess {
  endpoint: string;
  port: number;
  dir: string;
  /** The S3_* variables of a gateway using `bucket` on this server. */
  env(bucket: string): Record<string, string>;
  createBucket(name: string): Promise<void>;
  /** Stops the server (SIGKILL: an outage, not a shutdown); its files stay. */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

const S3RVER_BIN = path.join(path.dirname(require.resolve('s3rver/package.json')), 'bin', 's3rver.js');
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The S3_* variables of a gateway using `bucket` on the s3rver at `endpoint`. */
export const s3rverEnv = (endpoint: string, bucket: string): Record<string, string> => ({
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

/** Creates a bucket on the s3rver at `endpoint`. */
export async function createBucket(endpoint: string, bucket: string): Promise<void> {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}

/** Starts s3rver on a free port with its own folder; `bucket` is created at start. */
export async function startS3rver(opts: { bucket?: string } = {}): Promise<S3rverProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-s3-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child && child.exitCode === null) return;
    const args = [S3RVER_BIN, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s'];
    if (opts.bucket) args.push('--configure-bucket', opts.bucket);
    child = spawn(process.execPath, args, { stdio: 'ignore' });
    const deadline = Date.now() + 15_000;
    while (!(await canConnect(port))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('s3rver did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return {
    endpoint,
    port,
    dir,
    env: (bucket) => s3rverEnv(endpoint, bucket),
    createBucket: (name) => createBucket(endpoint, name),
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
