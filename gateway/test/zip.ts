import zlib from 'node:zlib';

/** One member of a hand-built zip: stored or deflated bytes, with the sizes its headers declare. */
export interface ZipMember {
  name: string;
  /** What the headers call the unpacked data; its CRC and size unless `declaredSize` says otherwise. */
  crc: number;
  size: number;
  method: 0 | 8;
  /** The bytes written in the archive (compressed when method is 8). */
  data: Buffer;
  /** A lying header: the unpacked size the headers declare instead of the real one. */
  declaredSize?: number;
}

/** A stored or deflated member from text or bytes. */
export function member(name: string, content: string | Buffer, method: 0 | 8 = 8): ZipMember {
  const raw = Buffer.from(content);
  return {
    name,
    crc: zlib.crc32(raw),
    size: raw.length,
    method,
    data: method === 8 ? zlib.deflateRawSync(raw) : raw,
  };
}

/**
 * A deflated member of `megabytes` MB of zeros, compressed as a stream from one 1 MB buffer: the test process
 * never holds the unpacked bytes (about 1 KB of output per MB).
 */
export async function zerosMember(name: string, megabytes: number): Promise<ZipMember> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => deflater.once('end', resolve).once('error', reject));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = zlib.crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((r) => deflater.once('drain', r));
  }
  deflater.end();
  await done;
  return { name, crc, size: megabytes * chunk.length, method: 8, data: Buffer.concat(out) };
}

/** A zip archive (local headers, central directory, end record) of the members, in order. */
export function zip(members: ZipMember[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name);
    const size = m.declaredSize ?? m.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(m.method, 8);
    local.writeUInt32LE(m.crc, 14);
    local.writeUInt32LE(m.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(m.method, 10);
    entry.writeUInt32LE(m.crc, 16);
    entry.writeUInt32LE(m.data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, name, m.data);
    central.push(entry, name);
    offset += local.length + name.length + m.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** [Content_Types].xml of a Word document: what file-type reads to call a zip a .docx. */
export const DOCX_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
