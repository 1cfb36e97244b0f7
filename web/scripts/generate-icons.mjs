// Generates the PWA icons (web/public/icons/*.png, committed) from web/public/logo.svg with sharp.
// Run after changing the logo: node web/scripts/generate-icons.mjs
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.resolve(here, '../public');
const outDir = path.join(publicDir, 'icons');
const logo = await fs.readFile(path.join(publicDir, 'logo.svg'));

/** The logo rasterised at `px` wide from the vector (not upscaled from a small bitmap). */
async function logoAt(px) {
  const density = Math.ceil((72 * px) / 48); // logo.svg is 48 user units wide
  return sharp(logo, { density }).resize(px, px, { fit: 'contain', background: '#0000' }).png().toBuffer();
}

/** A square icon: `background` (or transparent), the logo centred at `scale` of the side. */
async function icon(file, size, { scale, background }) {
  const inner = Math.round(size * scale);
  const offset = Math.round((size - inner) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: background ?? '#0000' } })
    .composite([{ input: await logoAt(inner), top: offset, left: offset }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
  console.log(`web/public/icons/${file} (${size}×${size})`);
}

await fs.mkdir(outDir, { recursive: true });
// "any": the pin fills the square. "maskable": white full bleed, the pin inside the safe circle (radius 40 %).
await icon('icon-192.png', 192, { scale: 0.92 });
await icon('icon-512.png', 512, { scale: 0.92 });
await icon('icon-maskable-512.png', 512, { scale: 0.7, background: '#ffffff' });
// iOS ignores the manifest icons and does not allow transparency.
await icon('apple-touch-icon.png', 180, { scale: 0.8, background: '#ffffff' });
