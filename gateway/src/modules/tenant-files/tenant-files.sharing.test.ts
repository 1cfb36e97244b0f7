import { MSG } from '@flaneur/schema';
import { PDFDocument } from 'pdf-lib';
import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import type { QueryCounter } from '../../lib/query-counter';

type Member = Awaited<ReturnType<typeof signedInUser>>;
// The statement counts below must not include the outbox worker's polls.
const gw = useGateway({ startOutbox: false });

// A real one-page PDF (pdf-lib, no date): recipients get a copy stamped on each page.
let PDF: Buffer;
beforeAll(async () => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([595, 842]);
  PDF = Buffer.from(await doc.save());
});

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

/** A tenant, the owner of a listing and a stranger; the tenant opened a conversation about the listing. */
async function scene() {
  const owner = await signedInUser(gw);
  const tenant = await signedInUser(gw);
  const stranger = await signedInUser(gw);
  const property = await createProperty(owner.agent);
  const res = await tenant.agent
    .post('/api/conversations')
    .send({ user1Id: tenant.user.id, user2Id: owner.user.id, propertyId: property.id });
  return { owner, tenant, stranger, conversationId: res.body.id as number };
}
const attach = (m: Member, conversationId: number, ids: number[], content = '') =>
  m.agent
    .post(`/api/conversations/${conversationId}/messages`)
    .send({ content, senderId: m.user.id, attachedFileIds: ids, messageType: 'tenant_application' });
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

describe('documents attached to messages', () => {
  it('should let only the other participant read an attached document, until the sender revokes the access', async () => {
    const { owner, tenant, stranger, conversationId } = await scene();
    const file = await addDocument(tenant);
    expect(await canRead(owner, file.id)).toBe(false);

    const sent = await attach(tenant, conversationId, [file.id]);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ content: '', attachedFileIds: [file.id], messageType: 'tenant_application' });
    expect(await canRead(owner, file.id)).toBe(true);
    expect(await canRead(stranger, file.id)).toBe(false);
    const download = await owner.agent.get(file.fileUrl).buffer(true);
    // The recipient gets a copy stamped with their name (tenant-files.protection.test.ts), not the original.
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(download.body).equals(PDF)).toBe(false);
    expect((await PDFDocument.load(Buffer.from(download.body))).getPageCount()).toBe(1);

    const revoke = await gql(
      tenant.agent,
      'mutation ($f: ID!, $c: ID!) { revokeTenantFileAccess(fileId: $f, conversationId: $c) }',
      { f: file.id, c: conversationId },
    );
    expect(revoke.data).toEqual({ revokeTenantFileAccess: true });
    expect(await canRead(owner, file.id)).toBe(false);
    expect(await canRead(tenant, file.id)).toBe(true);

    // Attaching it again grants it again.
    expect((await attach(tenant, conversationId, [file.id], 'Le voici de nouveau')).status).toBe(201);
    expect(await canRead(owner, file.id)).toBe(true);
  });

  it('should show attachedFiles to the recipient over GraphQL only while the access lasts', async () => {
    const { owner, tenant, stranger, conversationId } = await scene();
    const file = await addDocument(tenant, PDF, 'avis.pdf', "Avis d'imposition");
    await attach(tenant, conversationId, [file.id], 'Mon dossier');
    const THREAD =
      'query ($id: ID!) { conversation(id: $id) { messages { messageType attachedFiles { id title fileUrl } } } }';
    const seen = async () => (await gql(owner.agent, THREAD, { id: conversationId })).data!.conversation.messages[0];
    expect(await seen()).toEqual({
      messageType: 'tenant_application',
      attachedFiles: [{ id: String(file.id), title: "Avis d'imposition", fileUrl: file.fileUrl }],
    });
    const FILE = 'query ($id: ID!) { tenantFile(id: $id) { id originalName } }';
    expect((await gql(owner.agent, FILE, { id: file.id })).data).toEqual({
      tenantFile: { id: String(file.id), originalName: 'avis.pdf' },
    });
    expect((await gql(stranger.agent, FILE, { id: file.id })).errors![0]).toMatchObject({
      message: MSG.tenantFileForbidden,
      extensions: { code: 'FORBIDDEN' },
    });
    await tenant.agent.post(`/api/tenant-files/${file.id}/revoke`).send({ conversationId });
    expect(await seen()).toEqual({ messageType: 'tenant_application', attachedFiles: [] });
    expect((await gql(owner.agent, FILE, { id: file.id })).errors![0].extensions!.code).toBe('FORBIDDEN');
  });

  it("should refuse attaching someone else's or a missing document with 403 and send nothing", async () => {
    const { owner, tenant, conversationId } = await scene();
    const ownersFile = await addDocument(owner);
    const mine = await addDocument(tenant);
    for (const ids of [[ownersFile.id], [mine.id, ownersFile.id], [2_000_000_000]]) {
      const res = await attach(tenant, conversationId, ids, 'Voici');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.attachmentForbidden);
    }
    expect((await tenant.agent.get(`/api/conversations/${conversationId}`)).body.messages).toEqual([]);
    expect(await canRead(tenant, ownersFile.id)).toBe(false);
  });

  it('should refuse revoking by anyone but the owner of the document', async () => {
    const { owner, tenant, conversationId } = await scene();
    const file = await addDocument(tenant);
    await attach(tenant, conversationId, [file.id]);
    const res = await owner.agent.post(`/api/tenant-files/${file.id}/revoke`).send({ conversationId });
    expect(res.status).toBe(403);
    expect(await canRead(owner, file.id)).toBe(true);
  });
});

const REVOKE = 'mutation ($f: ID!, $c: ID!) { revokeTenantFileAccess(fileId: $f, conversationId: $c) }';
const revoke = (m: Member, fileId: number, conversationId: number) =>
  gql(m.agent, REVOKE, { f: fileId, c: conversationId });
const REVOKED =
  'query ($id: ID!) { conversation(id: $id) { messages { id senderId attachedFileIds revokedFileIds attachedFiles { id } } } }';
/** The messages of the conversation as the user sees them: id → { revokedFileIds, attachedFiles }. */
async function viewOf(m: Member, conversationId: number) {
  const res = await gql(m.agent, REVOKED, { id: conversationId });
  expect(res.errors).toBeUndefined();
  type Row = { id: string; revokedFileIds: string[]; attachedFiles: { id: string }[] };
  return Object.fromEntries(
    (res.data!.conversation.messages as Row[]).map((r) => [
      r.id,
      { revoked: r.revokedFileIds, readable: r.attachedFiles.map((f) => f.id) },
    ]),
  );
}

describe("revoked documents in the sender's view of a message (revokedFileIds)", () => {
  it('should list a revoked document to its sender only, while the recipient still cannot read it', async () => {
    const { owner, tenant, conversationId } = await scene();
    const [payslip, taxNotice] = [await addDocument(tenant), await addDocument(tenant)];
    const sent = await attach(tenant, conversationId, [payslip.id, taxNotice.id], 'Mon dossier');
    const id = String(sent.body.id);
    const both = [String(payslip.id), String(taxNotice.id)];
    expect((await viewOf(tenant, conversationId))[id]).toEqual({ revoked: [], readable: both });

    expect((await revoke(tenant, payslip.id, conversationId)).data).toEqual({ revokeTenantFileAccess: true });

    expect((await viewOf(tenant, conversationId))[id]).toEqual({ revoked: [String(payslip.id)], readable: both });
    expect((await viewOf(owner, conversationId))[id]).toEqual({ revoked: [], readable: [String(taxNotice.id)] });
    expect(await canRead(owner, payslip.id)).toBe(false);
    expect(await canRead(owner, taxNotice.id)).toBe(true);
  });

  it('should take a document off the list once it is attached again, on every message that carries it', async () => {
    const { owner, tenant, conversationId } = await scene();
    const file = await addDocument(tenant);
    const first = String((await attach(tenant, conversationId, [file.id], 'Mon bulletin')).body.id);
    await revoke(tenant, file.id, conversationId);
    expect((await viewOf(tenant, conversationId))[first].revoked).toEqual([String(file.id)]);

    const SEND =
      'mutation ($c: ID!, $f: [ID!]) { sendMessage(conversationId: $c, content: "De nouveau", attachedFileIds: $f) { id revokedFileIds } }';
    const again = await gql(tenant.agent, SEND, { c: conversationId, f: [file.id] });
    expect(again.data!.sendMessage.revokedFileIds).toEqual([]);

    const view = await viewOf(tenant, conversationId);
    expect(view[first].revoked).toEqual([]);
    expect(view[again.data!.sendMessage.id].revoked).toEqual([]);
    expect(await canRead(owner, file.id)).toBe(true);
  });

  it("should never show one user's revocations to the other participant, nor a revocation from another conversation", async () => {
    const { owner, tenant, stranger, conversationId } = await scene();
    const tenantsFile = await addDocument(tenant);
    const ownersFile = await addDocument(owner, PDF, 'titre.pdf', 'Titre de propriété');
    const fromTenant = String((await attach(tenant, conversationId, [tenantsFile.id], 'Mon dossier')).body.id);
    const fromOwner = String((await attach(owner, conversationId, [ownersFile.id], 'Le titre')).body.id);
    // The tenant shares the same document in a conversation with a third user, and revokes it only here.
    const property = await createProperty(stranger.agent);
    const other = await tenant.agent
      .post('/api/conversations')
      .send({ user1Id: tenant.user.id, user2Id: stranger.user.id, propertyId: property.id });
    const elsewhere = String((await attach(tenant, other.body.id, [tenantsFile.id], 'Mon dossier')).body.id);
    await revoke(tenant, tenantsFile.id, conversationId);
    await revoke(owner, ownersFile.id, conversationId);

    const tenantView = await viewOf(tenant, conversationId);
    const ownerView = await viewOf(owner, conversationId);
    expect(tenantView[fromTenant].revoked).toEqual([String(tenantsFile.id)]);
    expect(tenantView[fromOwner]).toEqual({ revoked: [], readable: [] });
    expect(ownerView[fromOwner].revoked).toEqual([String(ownersFile.id)]);
    expect(ownerView[fromTenant]).toEqual({ revoked: [], readable: [] });
    expect((await viewOf(tenant, other.body.id))[elsewhere].revoked).toEqual([]);
    expect((await viewOf(stranger, other.body.id))[elsewhere]).toEqual({
      revoked: [],
      readable: [String(tenantsFile.id)],
    });
    const forbidden = await gql(stranger.agent, REVOKED, { id: conversationId });
    expect(forbidden.errors![0]).toMatchObject({
      message: MSG.conversationForbidden,
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('should cost the same number of SQL statements for a thread of 2 messages as for 12', async () => {
    const counter = gw.db.logger as QueryCounter;
    const THREAD = `query ($id: ID!) { conversation(id: $id) {
      messages { id revokedFileIds attachedFiles { id } sender { username } } participant { username } } }`;
    /** A thread of n messages, every other one carrying one of two documents; the first document is revoked. */
    const thread = async (n: number) => {
      const { tenant, conversationId } = await scene();
      const files = [await addDocument(tenant), await addDocument(tenant)];
      for (let i = 0; i < n; i += 1)
        expect(
          (await attach(tenant, conversationId, i % 2 ? [] : [files[(i / 2) % 2].id], `Message ${i}`)).status,
        ).toBe(201);
      await revoke(tenant, files[0].id, conversationId);
      counter.count = 0;
      const res = await gql(tenant.agent, THREAD, { id: conversationId });
      const statements = counter.count;
      expect(res.errors).toBeUndefined();
      const messages = res.data!.conversation.messages as { revokedFileIds: string[] }[];
      return { statements, messages: messages.length, revoked: messages.filter((m) => m.revokedFileIds.length).length };
    };
    const small = await thread(2);
    const large = await thread(12);
    expect(small).toMatchObject({ messages: 2, revoked: 1 });
    expect(large).toMatchObject({ messages: 12, revoked: 3 });
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
  });
});
