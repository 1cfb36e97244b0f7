import { degrees, PDFDocument, PDFFont, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** What the stamp says, once per (document, recipient, listing). */
export interface StampText {
  recipientName: string;
  listingTitle: string;
  date: Date;
}

const parisDate = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);

/** The two lines of the stamp: « Document transmis à {prénom nom} via Flâneur le {date} — exclusivement pour … ». */
export function stampLines({ recipientName, listingTitle, date }: StampText): [string, string] {
  const title = listingTitle.length > 80 ? `${listingTitle.slice(0, 79)}…` : listingTitle;
  return [
    `Document transmis à ${recipientName} via Flâneur le ${parisDate(date)}`,
    `— exclusivement pour la location du bien « ${title} »`,
  ];
}

/** Media types a recipient may receive stamped; anything else (Word documents) is never shared. */
export const STAMPABLE = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** Thrown when the bytes cannot be stamped (a damaged or encrypted PDF, an undecodable image). */
export class NotStampable extends Error {}

/** Keeps what the standard PDF font can draw: accents are kept, other letters lose their marks, the rest is '?'. */
function drawable(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      for (const c of [ch, ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')]) {
        try {
          font.encodeText(c);
          if (c) return c;
        } catch {
          // not in WinAnsi: try the next form
        }
      }
      return '?';
    })
    .join('');
}

/**
 * Stamps every page of a PDF with real text (selectable, found by text extraction), diagonally, in a light
 * translucent grey over the content: the page's own text and drawings stay as they were.
 */
export async function stampPdf(bytes: Buffer, stamp: StampText): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    throw new NotStampable('pdf');
  }
  try {
    return await stampPages(doc, stamp);
  } catch (err) {
    // A file that loads but whose page tree is broken (no catalog pages, bad references): not stampable either.
    if (err instanceof NotStampable) throw err;
    throw new NotStampable('damaged pdf');
  }
}

async function stampPages(doc: PDFDocument, stamp: StampText): Promise<Buffer> {
  const pages = doc.getPages();
  if (pages.length === 0) throw new NotStampable('pdf without pages');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = stampLines(stamp).map((l) => drawable(font, l));
  for (const page of pages) {
    const { width, height } = page.getSize();
    const angle = Math.atan2(height, width);
    const diagonal = Math.hypot(width, height);
    const widest = Math.max(...lines.map((l) => font.widthOfTextAtSize(l, 1)));
    const size = Math.max(7, Math.min(26, (diagonal * 0.8) / widest));
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const lineGap = size * 1.35;
    // Three blocks along the other diagonal: the stamp survives cropping one part of the page.
    for (const shift of [-diagonal / 4, 0, diagonal / 4]) {
      const cx = width / 2 - sin * shift;
      const cy = height / 2 + cos * shift;
      lines.forEach((line, i) => {
        const w = font.widthOfTextAtSize(line, size);
        const offset = (0.5 - i) * lineGap;
        page.drawText(line, {
          x: cx - (w / 2) * cos - sin * offset,
          y: cy - (w / 2) * sin + cos * offset,
          size,
          font,
          color: rgb(0.45, 0.45, 0.45),
          opacity: 0.35,
          rotate: degrees((angle * 180) / Math.PI),
        });
      });
    }
  }
  return Buffer.from(await doc.save());
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Draws the stamp into an image (diagonal, translucent, three times), then re-encodes it in its own format without
 * any metadata (EXIF, GPS, ICC comments): the orientation is applied to the pixels first.
 */
export async function stampImage(bytes: Buffer, mimeType: string, stamp: StampText): Promise<Buffer> {
  let oriented: { data: Buffer; info: sharp.OutputInfo };
  try {
    oriented = await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().toBuffer({ resolveWithObject: true });
  } catch {
    throw new NotStampable('image');
  }
  const { width, height } = oriented.info;
  const angle = (Math.atan2(height, width) * 180) / Math.PI;
  const diagonal = Math.hypot(width, height);
  const lines = stampLines(stamp);
  const widest = Math.max(...lines.map((l) => l.length));
  // DejaVu Sans averages about 0.56 em per character.
  const size = Math.max(8, Math.min(64, (diagonal * 0.8) / (widest * 0.56)));
  const blocks = [-diagonal / 4, 0, diagonal / 4]
    .map(
      (shift) =>
        `<g transform="translate(${width / 2} ${height / 2}) rotate(${-angle}) translate(0 ${shift})">` +
        lines
          .map(
            (l, i) =>
              `<text x="0" y="${(i - 0.5) * size * 1.35}" text-anchor="middle" dominant-baseline="middle">${xml(l)}</text>`,
          )
          .join('') +
        '</g>',
    )
    .join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<g font-family="DejaVu Sans, sans-serif" font-size="${size.toFixed(1)}" fill="#3c3c3c" fill-opacity="0.5" ` +
      `stroke="#ffffff" stroke-opacity="0.35" stroke-width="${(size / 25).toFixed(2)}">${blocks}</g></svg>`,
  );
  const stamped = sharp(oriented.data).composite([{ input: svg, top: 0, left: 0 }]);
  // sharp writes no metadata unless asked to (withMetadata / keepExif): none is asked here.
  return mimeType === 'image/png' ? stamped.png().toBuffer() : stamped.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
}

/** The stamped copy of a document for one recipient. */
export function stampDocument(bytes: Buffer, mimeType: string, stamp: StampText): Promise<Buffer> {
  if (mimeType === 'application/pdf') return stampPdf(bytes, stamp);
  if (mimeType === 'image/jpeg' || mimeType === 'image/png') return stampImage(bytes, mimeType, stamp);
  throw new NotStampable(mimeType);
}
