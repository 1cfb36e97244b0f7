import http from 'node:http';
import zlib from 'node:zlib';
import { MSG } from '@flaneur/schema';
import sharp from 'sharp';
import { gqlUpload, signedInUser, smallPng } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { storedNames } from '../../../test/stored-objects';
import { gql } from '../../../test/graphql';

type Member = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway({ listen: true });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);

/** A zip of stored (uncompressed) entries, enough for a minimal .docx. */
function storedZip(entries: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const file = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(file.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(file.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, file, data);
    central.push(entry, file);
    offset += local.length + file.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
const DOCX = storedZip({
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
});

const storedFiles = (userId: number) => storedNames(gw, 'private', `tenant-files/${userId}/`);
const upload = (m: Member, data: Buffer, name: string) =>
  m.agent.post('/api/tenant-files/upload').attach('file', data, name);

/** Uploads then creates a document; answers its REST JSON. */
async function addDocument(m: Member, data: Buffer = PDF, name = 'bulletin.pdf', title = 'Bulletin de salaire') {
  const up = await upload(m, data, name);
  expect(up.status).toBe(201);
  const res = await m.agent
    .post('/api/tenant-files')
    .send({ title, description: 'Mars', fileUrl: up.body.fileUrl, fileType: 'payslip', userId: m.user.id });
  expect(res.status).toBe(201);
  return res.body as { id: number; fileUrl: string; originalName: string };
}

/** Whether the user may read the document: details and download agree. */
const canRead = async (m: Member, id: number) => {
  const [details, download] = await Promise.all([
    m.agent.get(`/api/tenant-files/${id}`),
    m.agent.get(`/api/tenant-files/${id}/download`),
  ]);
  expect(details.status).toBe(download.status);
  if (details.status === 403) expect(details.body.message).toBe(MSG.tenantFileForbidden);
  return details.status === 200;
};

describe('POST /api/tenant-files/upload then POST /api/tenant-files', () => {
  it('should store the bytes privately, answer { originalName, fileUrl } and create the document with its download path', async () => {
    const me = await signedInUser(gw);
    const up = await upload(me, PDF, 'bulletin.pdf');
    expect(up.status).toBe(201);
    expect(Object.keys(up.body).sort()).toEqual(['fileUrl', 'originalName']);
    expect(up.body.originalName).toBe('bulletin.pdf');
    expect(up.body.fileUrl).toMatch(/^\/api\/tenant-files\/pending\/[0-9a-f-]{36}$/);
    expect(await storedFiles(me.user.id)).toHaveLength(1);
    expect(await storedNames(gw, 'public', 'tenant-files/')).toEqual([]);

    const res = await me.agent.post('/api/tenant-files').send({
      title: 'Bulletin de salaire',
      description: 'Mars',
      fileUrl: up.body.fileUrl,
      fileType: 'payslip',
      userId: me.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      userId: me.user.id,
      title: 'Bulletin de salaire',
      description: 'Mars',
      fileUrl: `/api/tenant-files/${res.body.id}/download`,
      fileType: 'payslip',
      verified: false,
      originalName: 'bulletin.pdf',
      mimeType: 'application/pdf',
      sizeBytes: PDF.length,
      uploadedAt: expect.any(String),
    });
    const list = await me.agent.get('/api/tenant-files');
    expect(list.body.map((f: { id: number }) => f.id)).toEqual([res.body.id]);
    expect((await me.agent.get('/api/tenant-files').query({ userId: me.user.id })).status).toBe(200);
  });

  it('should serve the download as an attachment with the stored type, nosniff and no-store', async () => {
    const me = await signedInUser(gw);
    const file = await addDocument(me, PDF, 'Fiche de paie.pdf');
    const res = await me.agent.get(file.fileUrl).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Fiche de paie.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Buffer.from(res.body).equals(PDF)).toBe(true);
  });

  it('should accept jpg, png, doc and docx by their content, and fix a name that does not match it', async () => {
    const me = await signedInUser(gw);
    const jpeg = await sharp(await smallPng())
      .jpeg()
      .toBuffer();
    const cases: [Buffer, string, string, string][] = [
      [jpeg, 'identite.jpeg', 'image/jpeg', 'identite.jpeg'],
      [await smallPng(), 'scan.png', 'image/png', 'scan.png'],
      [CFB, 'contrat.doc', 'application/msword', 'contrat.doc'],
      [DOCX, 'garant.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'garant.docx'],
      [PDF, 'avis.png', 'application/pdf', 'avis.png.pdf'],
    ];
    for (const [data, name, mime, stored] of cases) {
      const file = await addDocument(me, data, name);
      expect(file).toMatchObject({ mimeType: mime, originalName: stored });
      expect((await me.agent.get(file.fileUrl)).headers['content-type']).toBe(mime);
    }
  });

  it('should refuse with 415 and the French message what is not a document by content, storing nothing', async () => {
    const me = await signedInUser(gw);
    for (const [data, name] of [
      [Buffer.from('Ceci est un simple texte, pas un PDF.'), 'faux.pdf'],
      [storedZip({ 'notes.txt': 'bonjour' }), 'faux.docx'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image.png'],
      [Buffer.alloc(0), 'vide.pdf'],
    ] as const) {
      const res = await upload(me, data, name);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: MSG.documentTypeUnsupported });
    }
    expect(await storedFiles(me.user.id)).toEqual([]);
  });

  it('should refuse with 413 and the French message a document over 10 MB', async () => {
    const me = await signedInUser(gw);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(me, big, 'gros.pdf');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: MSG.fileTooLarge });
    expect(await storedFiles(me.user.id)).toEqual([]);
  });

  it("should refuse a used handle, another user's handle and any other URL with 400 on fileUrl", async () => {
    const me = await signedInUser(gw);
    const other = await signedInUser(gw);
    const theirs = (await upload(other, PDF, 'x.pdf')).body.fileUrl;
    const mine = await addDocument(me);
    const used = (await me.agent.get('/api/tenant-files')).body[0];
    expect(used.id).toBe(mine.id);
    const create = (fileUrl: string) =>
      me.agent.post('/api/tenant-files').send({ title: 'Pièce', fileType: 'identity', fileUrl });
    const up = await upload(me, PDF, 'y.pdf');
    await create(up.body.fileUrl);
    for (const fileUrl of [up.body.fileUrl, theirs, mine.fileUrl, '/uploads/listings/x.webp', 'file:///etc/passwd']) {
      const res = await create(fileUrl);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: MSG.tenantFileUploadExpired,
        errors: { fileUrl: MSG.tenantFileUploadExpired },
      });
    }
    // The other user's handle is still theirs to use.
    const ok = await other.agent
      .post('/api/tenant-files')
      .send({ title: 'Pièce', fileType: 'identity', fileUrl: theirs });
    expect(ok.status).toBe(201);
  });

  it('should answer 400 with the French message per field when the form is incomplete', async () => {
    const me = await signedInUser(gw);
    const res = await me.agent.post('/api/tenant-files').send({ title: '  ', fileType: 'bank_statement' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      title: MSG.titleRequired,
      fileType: MSG.tenantFileTypeRequired,
      fileUrl: MSG.fileRequired,
    });
    const noFile = await me.agent.post('/api/tenant-files/upload').field('title', 'x');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(MSG.fileRequired);
  });

  it('should refuse another userId with "Accès refusé" and a signed-out client with 401', async () => {
    const me = await signedInUser(gw);
    const other = await signedInUser(gw);
    expect((await me.agent.get('/api/tenant-files').query({ userId: other.user.id })).status).toBe(403);
    const up = await upload(me, PDF, 'a.pdf');
    const spoofed = await me.agent
      .post('/api/tenant-files')
      .send({ title: 'A', fileType: 'other', fileUrl: up.body.fileUrl, userId: other.user.id });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.message).toBe(MSG.forbidden);
    expect((await gw.agent().get('/api/tenant-files')).status).toBe(401);
    expect((await gw.agent().post('/api/tenant-files/upload').attach('file', PDF, 'a.pdf')).status).toBe(401);
  });
});

describe('signed-out uploads', () => {
  it('should answer 401 to a signed-out document upload before reading its body', async () => {
    const boundary = 'flaneur-test-boundary';
    const req = http.request({
      host: '127.0.0.1',
      port: gw.port,
      method: 'POST',
      path: '/api/tenant-files/upload',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(10 * 1024 * 1024),
      },
    });
    req.on('error', () => {}); // the server may close the connection once it has answered
    const answered = new Promise<number>((resolve) =>
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      }),
    );
    // The part's headers and its first 64 KB: the other ~10 MB are never sent.
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    req.write(Buffer.alloc(64 * 1024));
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise((resolve) => (timer = setTimeout(resolve, 3000, 'no answer')));
      expect(await Promise.race([answered, late])).toBe(401);
      expect(req.writableEnded).toBe(false);
    } finally {
      clearTimeout(timer);
      req.destroy();
    }
  });
});

describe('pending uploads', () => {
  it('should let only the uploader preview a pending upload', async () => {
    const me = await signedInUser(gw);
    const other = await signedInUser(gw);
    const up = await upload(me, PDF, 'apercu.pdf');
    const mine = await me.agent.get(up.body.fileUrl).buffer(true);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(mine.body).equals(PDF)).toBe(true);
    expect((await other.agent.get(up.body.fileUrl)).status).toBe(403);
    expect((await gw.agent().get(up.body.fileUrl)).status).toBe(401);
  });

  it('should refuse a handle older than a day and remove its bytes at the next upload', async () => {
    const me = await signedInUser(gw);
    const old = await upload(me, PDF, 'ancien.pdf');
    const id = old.body.fileUrl.split('/').pop();
    await gw.db.query(`UPDATE tenant_file_uploads SET created_at = now() - interval '2 days' WHERE id = $1`, [id]);
    const res = await me.agent
      .post('/api/tenant-files')
      .send({ title: 'Ancien', fileType: 'other', fileUrl: old.body.fileUrl });
    expect(res.status).toBe(400);
    expect(await storedFiles(me.user.id)).toEqual([id]);
    await upload(me, PDF, 'nouveau.pdf');
    expect(await storedFiles(me.user.id)).not.toContain(id);
    expect(await storedFiles(me.user.id)).toHaveLength(1);
  });
});

describe('DELETE /api/tenant-files/{id}', () => {
  it('should delete the document and its stored bytes, and refuse to delete or read it afterwards', async () => {
    const me = await signedInUser(gw);
    const file = await addDocument(me);
    expect(await storedFiles(me.user.id)).toHaveLength(1);
    expect((await me.agent.delete(`/api/tenant-files/${file.id}`)).status).toBe(204);
    expect(await storedFiles(me.user.id)).toEqual([]);
    expect((await me.agent.get('/api/tenant-files')).body).toEqual([]);
    expect(await canRead(me, file.id)).toBe(false);
    expect((await me.agent.delete(`/api/tenant-files/${file.id}`)).status).toBe(403);
  });

  it("should refuse to delete someone else's document and keep it", async () => {
    const me = await signedInUser(gw);
    const other = await signedInUser(gw);
    const file = await addDocument(other);
    const res = await me.agent.delete(`/api/tenant-files/${file.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.tenantFileForbidden);
    expect(await storedFiles(other.user.id)).toHaveLength(1);
    expect(await canRead(other, file.id)).toBe(true);
  });
});

describe('the tenant folder over GraphQL', () => {
  it('should upload, create, list and delete a document', async () => {
    const me = await signedInUser(gw);
    const up = await gqlUpload(
      me.agent,
      'mutation ($file: Upload!) { uploadTenantFile(file: $file) { originalName fileUrl } }',
      { file: null },
      { file: { data: DOCX, filename: 'Caution signée.docx' } },
    );
    expect(up.errors).toBeUndefined();
    expect(up.data.uploadTenantFile.originalName).toBe('Caution signée.docx');
    const created = await gql(
      me.agent,
      'mutation ($i: TenantFileInput!) { createTenantFile(input: $i) { id title fileType fileUrl verified mimeType } }',
      { i: { title: 'Acte de caution', fileType: 'guarantor', fileUrl: up.data.uploadTenantFile.fileUrl } },
    );
    expect(created.errors).toBeUndefined();
    const file = created.data!.createTenantFile;
    expect(file).toMatchObject({ title: 'Acte de caution', fileType: 'guarantor', verified: false });
    expect(file.fileUrl).toBe(`/api/tenant-files/${file.id}/download`);
    const download = await me.agent.get(file.fileUrl);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Caution sign?e.docx"; filename*=UTF-8''Caution%20sign%C3%A9e.docx`,
    );
    expect((await gql(me.agent, 'query { tenantFiles { id } }')).data).toEqual({ tenantFiles: [{ id: file.id }] });
    expect((await gql(me.agent, 'mutation ($id: ID!) { deleteTenantFile(id: $id) }', { id: file.id })).data).toEqual({
      deleteTenantFile: true,
    });
    expect(await storedFiles(me.user.id)).toEqual([]);
  });

  it('should answer UNSUPPORTED_MEDIA_TYPE for a text file and BAD_USER_INPUT for a missing title', async () => {
    const me = await signedInUser(gw);
    const up = await gqlUpload(
      me.agent,
      'mutation ($file: Upload!) { uploadTenantFile(file: $file) { fileUrl } }',
      { file: null },
      { file: { data: Buffer.from('juste du texte'), filename: 'faux.pdf' } },
    );
    expect(up.errors[0]).toMatchObject({
      message: MSG.documentTypeUnsupported,
      extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    const res = await gql(me.agent, 'mutation ($i: TenantFileInput!) { createTenantFile(input: $i) { id } }', {
      i: { fileType: 'other', fileUrl: '/api/tenant-files/pending/x' },
    });
    expect(res.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { title: MSG.titleRequired } });
  });
});
