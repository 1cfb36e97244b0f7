import { MSG } from '@flaneur/schema';
import sharp from 'sharp';
import { createProperty, gqlUpload, largePng, signedInUser, smallPng } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { storedBytes, storedNames } from '../../../test/stored-objects';
import { gql } from '../../../test/graphql';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway();
let me: Signed;
beforeAll(async () => {
  me = await signedInUser(gw);
});

const stored = (url: string) => storedBytes(gw, url);
const thumbOf = (url: string) => url.replace(/\.webp$/, '-thumb.webp');
const upload = (files: { data: Buffer; name: string }[], agent = me.agent, field = 'images') => {
  let req = agent.post('/api/upload');
  for (const f of files) req = req.attach(field, f.data, f.name);
  return req;
};
const noisy = (width: number, height: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } });
};

describe('POST /api/upload', () => {
  it('should store each photo as WebP with a thumbnail and answer { urls } in order when the files are images', async () => {
    const gif = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#00ff0080' } })
      .gif()
      .toBuffer();
    const res = await upload([
      { data: await smallPng(), name: 'a.png' },
      { data: gif, name: 'b.gif' },
    ]);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['urls']);
    expect(res.body.urls).toHaveLength(2);
    for (const url of res.body.urls) {
      expect(url).toMatch(/^\/uploads\/listings\/[A-Za-z0-9-]+\.webp$/);
      expect((await sharp(await stored(url)).metadata()).format).toBe('webp');
      expect((await sharp(await stored(thumbOf(url))).metadata()).format).toBe('webp');
    }
    expect((await sharp(await stored(res.body.urls[1])).metadata()).width).toBe(600);
    const served = await gw.agent().get(res.body.urls[0]);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('should bound the photo to 1600 px and the thumbnail to 400 px on the long side when the image is large', async () => {
    const wide = await sharp({ create: { width: 2000, height: 500, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await upload([{ data: wide, name: 'wide.png' }]);
    expect(res.status).toBe(201);
    const main = await sharp(await stored(res.body.urls[0])).metadata();
    const thumb = await sharp(await stored(thumbOf(res.body.urls[0]))).metadata();
    expect([main.width, main.height]).toEqual([1600, 400]);
    expect([thumb.width, thumb.height]).toEqual([400, 100]);
  });

  it('should store the photo at 400 px, 800 px and its own size, named after its size, when it is larger than 800 px', async () => {
    const res = await upload([{ data: await largePng(), name: 'salon.png' }]);
    expect(res.status).toBe(201);
    const [url] = res.body.urls as string[];
    expect(url).toMatch(/^\/uploads\/listings\/[A-Za-z0-9-]+-1200x800\.webp$/);
    const size = async (file: string) => {
      const meta = await sharp(await stored(file)).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await size(url)).toEqual(['webp', 1200, 800]);
    expect(await size(url.replace(/\.webp$/, '-800.webp'))).toEqual(['webp', 800, 533]);
    expect(await size(thumbOf(url))).toEqual(['webp', 400, 267]);

    // GraphQL lists exactly the stored widths, smallest first, so that the web never asks for a missing one.
    const listing = await createProperty(me.agent, { images: [url] });
    const answer = await gql(
      me.agent,
      'query ($id: ID!) { property(id: $id) { photos { url srcset width height } } }',
      {
        id: String(listing.id),
      },
    );
    expect(answer.data?.property.photos).toEqual([
      {
        url,
        srcset: `${thumbOf(url)} 400w, ${url.replace(/\.webp$/, '-800.webp')} 800w, ${url} 1200w`,
        width: 1200,
        height: 800,
      },
    ]);
  });

  it('should describe a photo stored before its size was named by its thumbnail and itself, size unknown', async () => {
    const legacy = '/uploads/listings/0b9f3c2e-legacy.webp';
    const listing = await createProperty(me.agent, { images: [legacy] });
    const answer = await gql(
      me.agent,
      'query ($id: ID!) { property(id: $id) { photos { url srcset width height } } }',
      {
        id: String(listing.id),
      },
    );
    expect(answer.data?.property.photos).toEqual([
      { url: legacy, srcset: `${thumbOf(legacy)} 400w, ${legacy} 1600w`, width: null, height: null },
    ]);
  });

  it('should strip every metadata, GPS included, when the photo carries EXIF', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Camille Durand' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 7/1',
        },
      })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.toString('latin1')).toContain('Camille Durand');
    const res = await upload([{ data: jpeg, name: 'maison.jpg' }]);
    expect(res.status).toBe(201);
    for (const file of [await stored(res.body.urls[0]), await stored(thumbOf(res.body.urls[0]))]) {
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(file.toString('latin1')).not.toContain('Camille Durand');
    }
  });

  it('should apply the EXIF orientation before dropping it when a phone photo is rotated', async () => {
    const portrait = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload([{ data: portrait, name: 'portrait.jpg' }]);
    expect(res.status).toBe(201);
    const meta = await sharp(await stored(res.body.urls[0])).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 600, undefined]);
  });

  it('should answer 415 with a French message when a text file is named .png', async () => {
    const res = await upload([{ data: Buffer.from('ceci n’est pas une image'), name: 'photo.png' }]);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: MSG.listingImageUnsupported });
  });

  it('should answer 415 and store nothing when one file of the batch is not a raster image (SVG)', async () => {
    const before = (await storedNames(gw, 'public', 'listings/')).length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    const res = await upload([
      { data: await smallPng(), name: 'a.png' },
      { data: svg, name: 'b.png' },
    ]);
    expect(res.status).toBe(415);
    const after = (await storedNames(gw, 'public', 'listings/')).length;
    expect(after).toBe(before);
  });

  it.each(['png', 'jpeg'] as const)(
    'should answer 415, not 500, when a %s image is truncated after its header',
    async (format) => {
      const whole = await noisy(320, 320)[format]().toBuffer();
      const res = await upload([{ data: whole.subarray(0, whole.length >> 1), name: `cut.${format}` }]);
      expect(res.status).toBe(415);
      expect(res.body.message).toBe(MSG.listingImageUnsupported);
    },
  );

  it('should refuse with 400 a photo under 300 px on a side, and take one of exactly 300 px', async () => {
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#556677' } })
        .png()
        .toBuffer();
    for (const [width, height] of [
      [20, 20],
      [299, 1200],
      [1200, 299],
    ]) {
      const res = await upload([{ data: await png(width, height), name: 'vignette.png' }]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MSG.listingImageTooSmall });
    }
    const gql20 = await gqlUpload(
      me.agent,
      UPLOAD,
      { files: [null] },
      { 'files.0': { data: await png(20, 20), filename: 'vignette.png' } },
    );
    expect(gql20.errors![0]).toMatchObject({
      message: MSG.listingImageTooSmall,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const edge = await upload([{ data: await png(300, 300), name: 'carre.png' }]);
    expect(edge.status).toBe(201);
  });

  it('should answer 413 "Fichier trop volumineux" when a file exceeds 10 MB', async () => {
    const res = await upload([{ data: Buffer.alloc(10 * 1024 * 1024 + 1), name: 'grosse.png' }]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Fichier trop volumineux' });
  });

  it('should refuse 16 files with 400 and the French limit message', async () => {
    const png = await smallPng();
    const res = await upload(Array.from({ length: 16 }, (_, i) => ({ data: png, name: `p${i}.png` })));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.tooManyFiles });
  });

  it('should accept 15 files at once', async () => {
    const png = await smallPng();
    const res = await upload(Array.from({ length: 15 }, (_, i) => ({ data: png, name: `p${i}.png` })));
    expect(res.status).toBe(201);
    expect(res.body.urls).toHaveLength(15);
  });

  it('should answer 400 when no file is sent or the field is not "images"', async () => {
    const none = await me.agent.post('/api/upload').field('x', 'y');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MSG.noFile);
    const wrong = await upload([{ data: await smallPng(), name: 'a.png' }], me.agent, 'photo');
    expect(wrong.status).toBe(400);
    const json = await me.agent.post('/api/upload').send({ images: ['x'] });
    expect(json.status).toBe(400);
  });

  it('should answer 401 when signed out, before reading the files', async () => {
    const res = await upload([{ data: await smallPng(), name: 'a.png' }], gw.agent());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MSG.unauthenticated });
    const big = await upload([{ data: Buffer.alloc(10 * 1024 * 1024 + 1), name: 'a.png' }], gw.agent());
    expect(big.status).toBe(401);
  });
});

const UPLOAD = 'mutation ($files: [Upload!]!) { uploadPropertyImages(files: $files) }';

describe('uploadPropertyImages', () => {
  it('should answer the URLs of the stored photos when the files are images', async () => {
    const res = await gqlUpload(
      me.agent,
      UPLOAD,
      { files: [null, null] },
      {
        'files.0': { data: await smallPng(), filename: 'a.png' },
        'files.1': { data: await smallPng(), filename: 'b.png' },
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.uploadPropertyImages).toHaveLength(2);
    expect((await sharp(await stored(res.data.uploadPropertyImages[0])).metadata()).format).toBe('webp');
  });

  it('should answer UNSUPPORTED_MEDIA_TYPE when a text file is named .png', async () => {
    const res = await gqlUpload(
      me.agent,
      UPLOAD,
      { files: [null] },
      { 'files.0': { data: Buffer.from('texte'), filename: 'a.png' } },
    );
    expect(res.errors![0]).toMatchObject({
      message: MSG.listingImageUnsupported,
      extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
  });

  it('should answer PAYLOAD_TOO_LARGE when a file exceeds 10 MB', async () => {
    const res = await gqlUpload(
      me.agent,
      UPLOAD,
      { files: [null] },
      { 'files.0': { data: Buffer.alloc(10 * 1024 * 1024 + 1), filename: 'a.png' } },
    );
    expect(res.errors![0]).toMatchObject({
      message: 'Fichier trop volumineux',
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('should refuse 16 files', async () => {
    const png = await smallPng();
    const files = Object.fromEntries(
      Array.from({ length: 16 }, (_, i) => [`files.${i}`, { data: png, filename: `p${i}.png` }]),
    );
    const res = await gqlUpload(me.agent, UPLOAD, { files: Array(16).fill(null) }, files);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.data?.uploadPropertyImages).toBeUndefined();
  });

  it('should answer UNAUTHENTICATED when signed out', async () => {
    const res = await gqlUpload(
      gw.agent(),
      UPLOAD,
      { files: [null] },
      { 'files.0': { data: await smallPng(), filename: 'a.png' } },
    );
    expect(res.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
