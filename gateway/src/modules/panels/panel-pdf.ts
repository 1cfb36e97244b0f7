import { PROPERTY_TYPE_LABELS } from '@flaneur/schema';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Property } from '../properties/property.entity';

/** A4 portrait in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 48;
const INK = '#1d2b36';
const ACCENT = '#c2410c';

/** The DPE scale's colours, A (green) to G (red), as on the official label. */
const DPE_COLORS: Record<string, string> = {
  A: '#009c6d',
  B: '#52b153',
  C: '#a5cc74',
  D: '#f4e70f',
  E: '#f0b40f',
  F: '#eb8235',
  G: '#d7221f',
};

/** The climate (GES) scale's colours, A (light blue) to G (dark violet), as on the official label. */
const GES_COLORS: Record<string, string> = {
  A: '#a4dbf8',
  B: '#8cb4d3',
  C: '#7792b1',
  D: '#606f8f',
  E: '#4d5271',
  F: '#393551',
  G: '#281b35',
};

/**
 * Whole numbers with a space between thousands. Intl's fr-FR separator (U+202F) is not in the WinAnsi encoding of
 * the standard PDF fonts, an ordinary space is.
 */
const thousands = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** The figures printed on a panel, in the words of the listing. */
export function panelLines(p: Property): {
  banner: string;
  price: string;
  priceNote: string | null;
  details: string;
  dpe: string;
  ges: string | null;
} {
  const euros = `${thousands(Number(p.price))} €`;
  const size = Number(p.size);
  const rooms = `${p.rooms} pièce${p.rooms > 1 ? 's' : ''}`;
  return {
    banner: p.isRental ? 'À LOUER' : 'À VENDRE',
    price: p.isRental ? `${euros} / mois` : euros,
    priceNote: p.isRental && p.charges !== null ? 'charges comprises' : null,
    details: `${PROPERTY_TYPE_LABELS[p.type]} · ${Number.isInteger(size) ? size : size.toFixed(1).replace('.', ',')} m² · ${rooms}`,
    dpe: p.dpeRating
      ? `Classe énergie (DPE) : ${p.dpeRating}`
      : p.isNewBuild
        ? 'DPE : logement neuf (VEFA)'
        : 'DPE : non communiqué',
    ges: p.gesRating ? `Classe climat (GES) : ${p.gesRating}` : null,
  };
}

/**
 * The A4 panel of a listing, one page: « À VENDRE » / « À LOUER », the price, size, rooms, energy and climate classes, and a QR
 * code (a PNG image) to `url` with the reference under it. pdfkit's standard Helvetica (WinAnsi: « À », « € », « ² »).
 */
export async function renderPanelPdf(p: Property, url: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 12 });
  const lines = panelLines(p);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Panneau Flâneur ${p.ref}`, Author: 'Flâneur', Subject: lines.banner },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = A4.width - 2 * MARGIN;
  // The banner: white capitals on the accent colour, across the page.
  doc.rect(0, 0, A4.width, 170).fill(ACCENT);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(84)
    .text(lines.banner, MARGIN, 45, { width, align: 'center', lineBreak: false });

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(40).text(lines.price, MARGIN, 200, { width, align: 'center' });
  if (lines.priceNote)
    doc.font('Helvetica').fontSize(16).text(lines.priceNote, MARGIN, 246, { width, align: 'center' });
  doc.font('Helvetica').fontSize(22).text(lines.details, MARGIN, 272, { width, align: 'center' });

  // The energy class, then the climate class: the words, then the letter in its scale's colour.
  const dpeY = 312;
  const classLine = (text: string, letter: string, fill: string, dark: boolean, y: number) => {
    const box = 34;
    const label = doc.fillColor(INK).font('Helvetica').fontSize(18).widthOfString(text);
    const x = (A4.width - (label + 12 + box)) / 2;
    doc.text(text, x, y + 9, { lineBreak: false });
    doc.rect(x + label + 12, y, box, box).fill(fill);
    doc
      .fillColor(dark ? INK : '#ffffff')
      .font('Helvetica-Bold')
      .fontSize(22)
      .text(letter, x + label + 12, y + 7, { width: box, align: 'center', lineBreak: false });
  };
  if (p.dpeRating) {
    classLine(lines.dpe, p.dpeRating, DPE_COLORS[p.dpeRating] ?? INK, ['D', 'C'].includes(p.dpeRating), dpeY);
  } else {
    doc
      .font('Helvetica')
      .fontSize(18)
      .text(lines.dpe, MARGIN, dpeY + 9, { width, align: 'center' });
  }
  if (lines.ges && p.gesRating)
    classLine(lines.ges, p.gesRating, GES_COLORS[p.gesRating] ?? INK, ['A', 'B', 'C'].includes(p.gesRating), dpeY + 42);

  // The QR code, as a PNG image (sharp-edged when printed large), then how to use it and the reference.
  const side = 230;
  const qrY = 398;
  doc.image(qr, (A4.width - side) / 2, qrY, { width: side, height: side });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text("Scannez pour voir l'annonce", MARGIN, qrY + side + 14, { width, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(14)
    .text(`ou saisissez la référence dans Flâneur :`, MARGIN, qrY + side + 42, { width, align: 'center' });
  doc
    .font('Courier-Bold')
    .fontSize(44)
    .text(p.ref, MARGIN, qrY + side + 64, { width, align: 'center', characterSpacing: 6 });

  doc.font('Helvetica').fontSize(11).fillColor('#5b6770');
  doc.text(url, MARGIN, A4.height - MARGIN - 30, { width, align: 'center', lineBreak: false });
  doc.text("Flâneur — Découvrez l'immobilier en marchant", MARGIN, A4.height - MARGIN - 14, {
    width,
    align: 'center',
    lineBreak: false,
  });
  doc.end();
  return done;
}
