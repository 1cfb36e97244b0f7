import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { MSG } from '@flaneur/schema';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { privateBytes } from '../../../test/stored-objects';
import { DOCX_CONTENT_TYPES, member, zip } from '../../../test/zip';

type Member = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway({ startOutbox: false });
const LISTING = 'Deux pièces lumineux rue des Martyrs';

/**
 * Text extraction as a PDF reader does it, for the fonts pdf-lib writes (single-byte WinAnsi): every content stream
 * inflated, the strings of its text-showing operators (`<hex> Tj`, `(literal) Tj`) decoded. One line per operator.
 */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    const body = pdf.subarray(start, end);
    let text: string;
    try {
      text = zlib.inflateSync(body).toString('latin1');
    } catch {
      text = body.toString('latin1');
    }
    for (const t of text.matchAll(/<([0-9A-Fa-f]+)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      out.push(t[1] ? Buffer.from(t[1], 'hex').toString('latin1') : t[2].replace(/\\(.)/g, '$1'));
    }
  }
  return out.join('\n').replace(/\x97/g, '—').replace(/\xab/g, '«').replace(/\xbb/g, '»');
}

/** A real two-page PDF whose pages carry text. */
async function payslipPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2])
    doc.addPage([595, 842]).drawText(`Bulletin de salaire page ${n}`, { x: 50, y: 780, font, size: 14 });
  return Buffer.from(await doc.save());
}

/** A JPEG photo with EXIF (camera, GPS-like comment) as a phone would produce. */
const photoWithExif = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 230, g: 230, b: 220 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Téléphone', Model: 'X', ImageDescription: 'avis imposition' } })
    .toBuffer();

async function addDocument(m: Member, data: Buffer, name: string, title = 'Bulletin de salaire') {
  const up = await m.agent.post('/api/tenant-files/upload').attach('file', data, name);
  expect(up.status).toBe(201);
  const res = await m.agent.post('/api/tenant-files').send({ title, fileUrl: up.body.fileUrl, fileType: 'payslip' });
  expect(res.status).toBe(201);
  return res.body as { id: number; fileUrl: string };
}

/** A landlord (Camille Martin) with a listing, a tenant who wrote about it, and a stranger. */
async function scene() {
  const landlord = await signedInUser(gw, { firstName: 'Camille', lastName: 'Martin' });
  const tenant = await signedInUser(gw, { firstName: 'Léa', lastName: 'Petit' });
  const stranger = await signedInUser(gw, { firstName: 'Max', lastName: 'Intrus' });
  const property = await createProperty(landlord.agent, { title: LISTING });
  const res = await tenant.agent
    .post('/api/conversations')
    .send({ user1Id: tenant.user.id, user2Id: landlord.user.id, propertyId: property.id });
  return { landlord, tenant, stranger, conversationId: res.body.id as number };
}

const attach = (m: Member, conversationId: number, ids: number[], shareDays?: number) =>
  m.agent
    .post(`/api/conversations/${conversationId}/messages`)
    .send({ content: 'Mon dossier', attachedFileIds: ids, shareDays });
const download = async (m: Member, id: number) => {
  const res = await m.agent
    .get(`/api/tenant-files/${id}/download`)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  return res as typeof res & { body: Buffer };
};
const copies = async (fileId: number) =>
  (await gw.db.query(
    `SELECT c.storage_key FROM tenant_file_copies c JOIN tenant_file_shares s ON s.id = c.share_id WHERE s.file_id = $1`,
    [fileId],
  )) as { storage_key: string }[];
const storedKeys = async (userId: number) =>
  (await gw.storage.list('private', `tenant-files/${userId}/`)).map((e) => e.key);

describe('a watermark per recipient', () => {
  it('should give the recipient a PDF stamped with their name and the listing on every page, and the owner the original', async () => {
    const { landlord, tenant, conversationId } = await scene();
    const original = await payslipPdf();
    const file = await addDocument(tenant, original, 'bulletin.pdf');
    expect((await attach(tenant, conversationId, [file.id])).status).toBe(201);

    const mine = await download(tenant, file.id);
    expect(mine.status).toBe(200);
    expect(mine.body.equals(original)).toBe(true);

    const theirs = await download(landlord, file.id);
    expect(theirs.status).toBe(200);
    expect(theirs.headers['content-type']).toBe('application/pdf');
    expect(theirs.body.equals(original)).toBe(false);
    const stamped = await PDFDocument.load(theirs.body);
    expect(stamped.getPageCount()).toBe(2);
    const text = pdfText(theirs.body);
    // The pages keep their own text; the stamp is real text, three times on each of the two pages.
    expect(text).toContain('Bulletin de salaire page 1');
    expect(text).toContain('Bulletin de salaire page 2');
    // Dated the day the share was made, in Paris (not the day read now: the test may run across midnight).
    const [{ shared }] = await gw.db.query(`SELECT created_at AS shared FROM tenant_file_shares WHERE file_id = $1`, [
      file.id,
    ]);
    const day = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date(shared));
    expect(
      text.split('\n').filter((l) => l === `Document transmis à Camille Martin via Flâneur le ${day}`),
    ).toHaveLength(6);
    expect(text).toContain(`— exclusivement pour la location du bien « ${LISTING} »`);
  });

  it('should give the recipient an image with the stamp drawn in and no metadata, and reuse that copy', async () => {
    const { landlord, tenant, conversationId } = await scene();
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const file = await addDocument(tenant, photo, 'avis.jpg');
    await attach(tenant, conversationId, [file.id]);

    const first = await download(landlord, file.id);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(first.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([400, 300]);
    // The stamp changed the pixels (not only the encoding): compare the decoded images.
    const [a, b] = await Promise.all([photo, first.body].map((x) => sharp(x).raw().toBuffer()));
    const changed = a.reduce((n, v, i) => n + (Math.abs(v - b[i]) > 40 ? 1 : 0), 0);
    expect(changed).toBeGreaterThan(500);

    const [copy] = await copies(file.id);
    const before = (await gw.storage.list('private', copy.storage_key))[0].lastModified;
    const second = await download(landlord, file.id);
    expect(second.body.equals(first.body)).toBe(true);
    expect(await copies(file.id)).toEqual([copy]);
    expect((await gw.storage.list('private', copy.storage_key))[0].lastModified).toEqual(before);
    expect((await privateBytes(gw, copy.storage_key)).equals(first.body)).toBe(true);
    // The owner still gets the original, EXIF included.
    expect((await download(tenant, file.id)).body.equals(photo)).toBe(true);
  });

  it('should refuse to attach a Word document, in French, since it cannot be stamped', async () => {
    const { tenant, conversationId } = await scene();
    const docx = zip([
      member('[Content_Types].xml', DOCX_CONTENT_TYPES),
      member(
        'word/document.xml',
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
      ),
    ]);
    const file = await addDocument(tenant, docx, 'contrat.docx');
    const res = await attach(tenant, conversationId, [file.id]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.tenantFileOfficeNotShareable);
  });

  it('should answer 415 in French, not 500, when a shared PDF loads but its pages cannot be read', async () => {
    const { landlord, tenant, conversationId } = await scene();
    // A header, a catalog without a page tree: pdf-lib opens it, then fails on its pages.
    const broken = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
    const doc = await addDocument(tenant, broken, 'casse.pdf');
    expect((await attach(tenant, conversationId, [doc.id])).status).toBe(201);
    const res = await landlord.agent.get(`/api/tenant-files/${doc.id}/download`);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(MSG.tenantFileNotStampable);
  });

  it('should never reveal a storage key, in the download answer or through GraphQL', async () => {
    const { landlord, tenant, conversationId } = await scene();
    const file = await addDocument(tenant, await payslipPdf(), 'bulletin.pdf');
    await attach(tenant, conversationId, [file.id]);
    const res = await download(landlord, file.id);
    const [copy] = await copies(file.id);
    const [{ storage_key: original }] = await gw.db.query(`SELECT storage_key FROM tenant_files WHERE id = $1`, [
      file.id,
    ]);
    const headers = JSON.stringify(res.headers);
    for (const key of [copy.storage_key, original]) {
      expect(headers).not.toContain(key.split('/').pop());
    }
    // One introspection per document: each type asked on its own.
    const types = ['TenantFile', 'TenantFileShareInfo', 'TenantFileAccessEntry', 'MessageAttachmentShare'];
    const answers = await Promise.all(
      types.map((name) =>
        gql(tenant.agent, `query ($n: String!) { __type(name: $n) { fields { name } } }`, { n: name }),
      ),
    );
    expect(answers.every((a) => a.data?.__type?.fields?.length)).toBe(true);
    const names = JSON.stringify(answers.map((a) => a.data));
    expect(names).not.toMatch(/storage|key|copy/i);
    const all = await gql(
      tenant.agent,
      `query ($id: ID!) { tenantFile(id: $id) { id fileUrl accessLog { id } shares { conversationId expiresAt } } }`,
      { id: file.id },
    );
    expect(JSON.stringify(all)).not.toContain(original.split('/').pop());
    expect(JSON.stringify(all)).not.toContain(copy.storage_key.split('/').pop());
  });
});

describe('the access log', () => {
  it("should record exactly the recipient's downloads and previews, for the owner only", async () => {
    const { landlord, tenant, stranger, conversationId } = await scene();
    const file = await addDocument(tenant, await payslipPdf(), 'bulletin.pdf');
    await attach(tenant, conversationId, [file.id]);
    await download(tenant, file.id); // the owner: not logged
    expect((await stranger.agent.get(`/api/tenant-files/${file.id}/download`)).status).toBe(403); // refused: not logged
    await download(landlord, file.id);
    await download(landlord, file.id);
    const preview = await landlord.agent.get(`/api/tenant-files/${file.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers['content-disposition']).toMatch(/^inline/);

    const log = await tenant.agent.get(`/api/tenant-files/${file.id}/access-log`);
    expect(log.status).toBe(200);
    expect(log.body.map((e: { kind: string }) => e.kind)).toEqual(['preview', 'download', 'download']);
    for (const e of log.body) {
      expect(e).toMatchObject({
        fileId: file.id,
        readerId: landlord.user.id,
        readerFirstName: 'Camille',
        conversationId,
      });
    }
    for (const m of [landlord, stranger]) {
      const res = await m.agent.get(`/api/tenant-files/${file.id}/access-log`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.tenantFileForbidden);
    }
    expect((await gw.agent().get(`/api/tenant-files/${file.id}/access-log`)).status).toBe(401);

    const q = `query ($id: ID!) { tenantFile(id: $id) { id accessLog { readerFirstName conversationId kind accessedAt } } }`;
    const mine = await gql(tenant.agent, q, { id: file.id });
    expect(mine.data!.tenantFile.accessLog).toHaveLength(3);
    expect(mine.data!.tenantFile.accessLog[0]).toMatchObject({
      readerFirstName: 'Camille',
      conversationId: String(conversationId),
    });
    const theirs = await gql(landlord.agent, q, { id: file.id });
    expect(theirs.data!.tenantFile).toEqual({ id: String(file.id), accessLog: null });
    expect(theirs.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('expiring shares', () => {
  it('should last 30 days by default or the chosen 7 or 90, and refuse other durations', async () => {
    const { tenant, conversationId } = await scene();
    const a = await addDocument(tenant, await payslipPdf(), 'a.pdf');
    const b = await addDocument(tenant, await payslipPdf(), 'b.pdf');
    await attach(tenant, conversationId, [a.id]);
    await attach(tenant, conversationId, [b.id], 7);
    const days = async (id: number) => {
      const [share] = (await tenant.agent.get(`/api/tenant-files/${id}/shares`)).body;
      return Math.round((new Date(share.expiresAt).getTime() - Date.now()) / 86_400_000);
    };
    expect(await days(a.id)).toBe(30);
    expect(await days(b.id)).toBe(7);
    const bad = await attach(tenant, conversationId, [a.id], 12);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MSG.tenantFileShareDaysInvalid);
  });

  it('should answer 403 « n’est plus partagé » once expired, show it expired in the message, and work again once extended', async () => {
    const { landlord, tenant, stranger, conversationId } = await scene();
    const file = await addDocument(tenant, await payslipPdf(), 'bulletin.pdf');
    await attach(tenant, conversationId, [file.id], 90);
    expect((await download(landlord, file.id)).status).toBe(200);
    await gw.db.query(`UPDATE tenant_file_shares SET expires_at = now() - interval '1 minute' WHERE file_id = $1`, [
      file.id,
    ]);

    const expired = await landlord.agent.get(`/api/tenant-files/${file.id}/download`);
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ message: MSG.tenantFileShareExpired });
    const q = `query ($id: ID!) { conversation(id: $id) { messages { attachedFileIds attachedFiles { id } attachmentShares { fileId status expiresAt } } } }`;
    const [msg] = (await gql(landlord.agent, q, { id: conversationId })).data!.conversation.messages;
    expect(msg.attachedFiles).toEqual([]);
    expect(msg.attachmentShares).toMatchObject([{ fileId: String(file.id), status: 'EXPIRED' }]);

    // Only the owner extends; durations are 7, 30 or 90 days.
    for (const m of [landlord, stranger]) {
      expect(
        (await m.agent.post(`/api/tenant-files/${file.id}/extend`).send({ conversationId, days: 30 })).status,
      ).toBe(403);
    }
    const wrong = await tenant.agent.post(`/api/tenant-files/${file.id}/extend`).send({ conversationId, days: 365 });
    expect(wrong.status).toBe(400);
    const extended = await tenant.agent.post(`/api/tenant-files/${file.id}/extend`).send({ conversationId, days: 7 });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({
      fileId: file.id,
      conversationId,
      status: 'ACTIVE',
      recipientFirstName: 'Camille',
    });
    expect((await download(landlord, file.id)).status).toBe(200);

    // GraphQL: the same rule.
    const m = `mutation ($f: ID!, $c: ID!, $d: Int!) { extendTenantFileShare(fileId: $f, conversationId: $c, days: $d) { status expiresAt } }`;
    const ok = await gql(tenant.agent, m, { f: file.id, c: conversationId, d: 90 });
    expect(ok.data!.extendTenantFileShare.status).toBe('ACTIVE');
    expect((await gql(landlord.agent, m, { f: file.id, c: conversationId, d: 90 })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });

  it("should delete the recipient's stamped copy with the share (revoked) and with the document", async () => {
    const { landlord, tenant, conversationId } = await scene();
    const a = await addDocument(tenant, await payslipPdf(), 'a.pdf');
    const b = await addDocument(tenant, await payslipPdf(), 'b.pdf');
    await attach(tenant, conversationId, [a.id, b.id]);
    await download(landlord, a.id);
    await download(landlord, b.id);
    const [copyA] = await copies(a.id);
    const [copyB] = await copies(b.id);
    expect(await storedKeys(tenant.user.id)).toEqual(expect.arrayContaining([copyA.storage_key, copyB.storage_key]));

    await tenant.agent.post(`/api/tenant-files/${a.id}/revoke`).send({ conversationId });
    expect(await copies(a.id)).toEqual([]);
    expect(await storedKeys(tenant.user.id)).not.toContain(copyA.storage_key);

    expect((await tenant.agent.delete(`/api/tenant-files/${b.id}`)).status).toBe(204);
    expect(await storedKeys(tenant.user.id)).not.toContain(copyB.storage_key);
  });
});

describe('retention', () => {
  it('should warn by e-mail a month before, then delete rows and bytes of a document neither shared nor opened for 12 months', async () => {
    const { landlord, tenant, conversationId } = await scene();
    const old = await addDocument(tenant, await payslipPdf(), 'ancien.pdf', 'Ancien avis');
    const used = await addDocument(tenant, await payslipPdf(), 'recent.pdf', 'Avis récent');
    await attach(tenant, conversationId, [old.id]);
    await download(landlord, old.id);
    await gw.db.query(`UPDATE tenant_file_shares SET expires_at = now() - interval '11 months' WHERE file_id = $1`, [
      old.id,
    ]);
    await gw.db.query(
      `UPDATE tenant_files SET last_activity_at = now() - interval '11 months 2 days' WHERE id = ANY($1::int[])`,
      [[old.id, used.id]],
    );
    const outboxDir = path.join(gw.dataDir, 'outbox');
    const mailsOf = () =>
      fs.existsSync(outboxDir)
        ? fs.readdirSync(outboxDir).filter((f) => f.includes(tenant.user.email.replace(/[^a-z0-9@._-]/gi, '_')))
        : [];
    const earlier = mailsOf();
    const keysBefore = await storedKeys(tenant.user.id);
    const r1 = await gw.services.tenantFiles.runRetention();
    expect(r1).toMatchObject({ warned: 2, deleted: 0, copies: 1 });
    expect(await gw.outbox.drain()).toBeGreaterThanOrEqual(2); // the warnings, and the message alerts of the scene
    const mails = mailsOf().filter((f) => !earlier.includes(f));
    expect(mails).toHaveLength(2);
    const mailText = mails.map((f) => fs.readFileSync(path.join(outboxDir, f), 'utf8')).join('\n');
    // Quoted-printable undone: the warning names each document and the day it will be deleted.
    const decoded = Buffer.from(
      mailText
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
    expect(decoded).toContain('« Ancien avis »');
    expect(decoded).toContain('« Avis récent »');
    expect(decoded).toMatch(/il sera supprimé le \d{1,2} \S+ \d{4}/);
    // Used again after the warning: kept.
    await download(tenant, used.id);
    expect(await gw.services.tenantFiles.runRetention()).toMatchObject({ warned: 0, deleted: 0 });

    await gw.db.query(
      `UPDATE tenant_files SET retention_warned_at = now() - interval '31 days' WHERE user_id = $1 AND retention_warned_at IS NOT NULL`,
      [tenant.user.id],
    );
    expect(await gw.services.tenantFiles.runRetention()).toMatchObject({ deleted: 1 });
    const rows = await gw.db.query(`SELECT id FROM tenant_files WHERE user_id = $1`, [tenant.user.id]);
    expect(rows).toEqual([{ id: used.id }]);
    expect(await gw.db.query(`SELECT 1 FROM tenant_file_shares WHERE file_id = $1`, [old.id])).toEqual([]);
    expect(await gw.db.query(`SELECT 1 FROM tenant_file_accesses WHERE file_id = $1`, [old.id])).toEqual([]);
    const keysAfter = await storedKeys(tenant.user.id);
    expect(keysAfter).toHaveLength(1);
    expect(keysBefore.length).toBe(3); // two documents and one stamped copy
    expect((await tenant.agent.get(`/api/tenant-files/${old.id}/download`)).status).toBe(403);
  });
});
