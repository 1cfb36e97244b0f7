import sharp from 'sharp';

/**
 * A photograph-like picture: blurred seeded noise (a texture with structure at every scale), 1200 × 800 JPEG.
 * Another seed is another photo.
 */
export async function photo(seed: number): Promise<Buffer> {
  const w = 48;
  const h = 32;
  const raw = Buffer.alloc(w * h * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    raw[i] = x % 256;
  }
  const small = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .blur(1.2)
    .png()
    .toBuffer();
  return sharp(small).resize(1200, 800, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer();
}

/** A copy as a copier makes it: resized to 700 px wide and recompressed at 60 %. */
export const copyOf = async (original: Buffer) => sharp(original).resize(700).jpeg({ quality: 60 }).toBuffer();
