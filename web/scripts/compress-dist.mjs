// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the web build, for the gateway to
// send by content negotiation (gateway/src/http/static-web.ts). Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024; // below a packet, compressing saves nothing worth the extra files

let files = 0;
let before = 0;
let afterBr = 0;
for (const rel of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  const file = path.join(dist, rel);
  if (!TEXT.test(rel) || !fs.statSync(file).isFile()) continue;
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  // A variant larger than the original would only cost bytes: keep the plain file alone then.
  if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += data.length;
  afterBr += Math.min(br.length, data.length);
}
console.log(
  `compress-dist: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB brotli (.br + .gz written)`,
);
