import sharp from 'sharp';
import { generateDemoListings } from './src/db/seed/demo-listings';
import { demoImageSvg } from './src/db/seed/demo-images';
(async () => {
  console.log('concurrency', sharp.concurrency(), 'simd', sharp.simd(), process.env.UV_THREADPOOL_SIZE);
  const ls = generateDemoListings(100, 42);
  const svgs = ls.flatMap((l, i) => [0, 1].map(v => demoImageSvg(l, v, i)));
  console.log('svg length avg', Math.round(svgs.reduce((a, s) => a + s.length, 0) / svgs.length));
  const time = async (name: string, f: (s: string) => Promise<unknown>) => {
    const t = performance.now();
    for (const s of svgs) await f(s);
    console.log(name, ((performance.now() - t) / svgs.length).toFixed(1), 'ms/img');
  };
  await time('raw', s => sharp(Buffer.from(s)).raw().toBuffer());
  await time('jpeg82', s => sharp(Buffer.from(s)).jpeg({ quality: 82 }).toBuffer());
  await time('jpeg82 nochroma', s => sharp(Buffer.from(s)).jpeg({ quality: 82, chromaSubsampling: '4:2:0', optimiseCoding: false }).toBuffer());
  await time('png fast', s => sharp(Buffer.from(s)).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer());
  await time('png palette', s => sharp(Buffer.from(s)).png({ palette: true, compressionLevel: 3, effort: 1 }).toBuffer());
  await time('removeAlpha jpeg', s => sharp(Buffer.from(s)).removeAlpha().jpeg({ quality: 82, optimiseCoding: false }).toBuffer());
  const blank = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#abc"/></svg>`;
  await time('blank raw', () => sharp(Buffer.from(blank)).raw().toBuffer());
  await time('blank jpeg', () => sharp(Buffer.from(blank)).jpeg({ quality: 82 }).toBuffer());
})();
