import sharp from 'sharp';

/** A file for `setInputFiles`. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small, valid one-page PDF (documents are checked by content, not by name). */
export function pdfFile(name: string, text: string): FilePayload {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/**
 * A JPEG photo of `width`×`height` with grain, so it weighs a few hundred kB: enough for the upload
 * progress to be seen under a throttled connection.
 */
export async function photoFile(name: string, hue: number, width = 1200, height = 900): Promise<FilePayload> {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({
    create: { width, height, channels: 3, background: `hsl(${hue}, 55%, 55%)` },
  })
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}
