/**
 * Measures the perceptual hash's Hamming distances (docs/decisions.md « Trust shield »): for each image given, its
 * distance to four copies (half size JPEG 60 %, 400 px JPEG 40 %, 70 % JPEG 60 % then the upload pipeline's WebP,
 * 80 % PNG), and the distances between every pair of different images (files of identical bytes skipped).
 *   npm run bench:photo-hash -- photo1.jpg photo2.png …
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { hammingDistance, perceptualHash } from '../src/modules/uploads/photo-hash';

const histogram = (values: number[]) => {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([d, n]) => `${d}: ${n}`)
    .join(', ');
};

async function main() {
  const seen = new Set<string>();
  const hashes: { file: string; hash: string }[] = [];
  const copies: number[] = [];
  for (const file of process.argv.slice(2)) {
    const bytes = fs.readFileSync(file);
    const digest = crypto.createHash('sha256').update(bytes).digest('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height || Math.min(meta.width, meta.height) < 150) continue;
    const hash = await perceptualHash(sharp(bytes));
    if (!hash) continue;
    hashes.push({ file, hash });
    const w = meta.width;
    const variants = [
      await sharp(bytes)
        .resize(Math.round(w / 2))
        .jpeg({ quality: 60 })
        .toBuffer(),
      await sharp(bytes).resize(400).jpeg({ quality: 40 }).toBuffer(),
      await sharp(
        await sharp(bytes)
          .resize(Math.round(w * 0.7))
          .jpeg({ quality: 60 })
          .toBuffer(),
      )
        .resize(1600, 1600, { fit: 'inside' })
        .webp({ quality: 80 })
        .toBuffer(),
      await sharp(bytes)
        .resize(Math.round(w * 0.8))
        .png()
        .toBuffer(),
    ];
    for (const v of variants) {
      const d = hammingDistance(hash, (await perceptualHash(sharp(v)))!);
      copies.push(d);
      console.log(`copy ${file}: ${d}`);
    }
  }
  const different: number[] = [];
  for (let i = 0; i < hashes.length; i++)
    for (let j = i + 1; j < hashes.length; j++) different.push(hammingDistance(hashes[i].hash, hashes[j].hash));
  different.sort((a, b) => a - b);
  console.log(`${hashes.length} images, ${copies.length} copies: ${histogram(copies)}`);
  console.log(
    `${different.length} pairs of different images: min ${different[0]}, median ${different[different.length >> 1]}`,
  );
  console.log(`closest pairs: ${different.slice(0, 10).join(', ')}`);
}

void main();
