import { MSG } from '@flaneur/schema';
import { PDFDocument } from 'pdf-lib';
import { createAccessToken, gqlWithToken, restWithToken } from '../../../test/access-tokens';
import { createProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';

/*
 * Tenant documents are for the signed-in session only: a token with messages:write sends messages, but never attaches,
 * shares or probes a document (the same 403 whatever the id, REST and GraphQL), and nothing is sent.
 */

const gw = useGateway();

let PDF: Buffer;
beforeAll(async () => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([595, 842]);
  PDF = Buffer.from(await doc.save());
});

async function scene() {
  const owner = await signedInUser(gw);
  const tenant = await signedInUser(gw);
  const property = await createProperty(owner.agent);
  const up = await tenant.agent.post('/api/tenant-files/upload').attach('file', PDF, 'bulletin.pdf');
  const file = await tenant.agent
    .post('/api/tenant-files')
    .send({ title: 'Bulletin de salaire', fileUrl: up.body.fileUrl, fileType: 'payslip', userId: tenant.user.id });
  expect(file.status).toBe(201);
  const { token } = await createAccessToken(tenant.agent, ['messages:write', 'messages:read']);
  const conversation = await restWithToken(gw, token, 'post', '/conversations', {
    user1Id: tenant.user.id,
    user2Id: owner.user.id,
    propertyId: property.id,
  });
  expect(conversation.status).toBe(201);
  return { owner, tenant, token, fileId: file.body.id as number, conversationId: conversation.body.id as number };
}

const SEND = `mutation ($c: ID!, $t: String, $f: [ID!]) {
  sendMessage(conversationId: $c, content: $t, attachedFileIds: $f) { id } }`;

describe('tenant documents and access tokens', () => {
  it('should refuse a token attaching documents with one French 403 whatever the ids, and send nothing', async () => {
    const { owner, token, fileId, conversationId } = await scene();
    for (const ids of [[fileId], [fileId + 100_000], ['abc'], [fileId, fileId + 1]]) {
      const rest = await restWithToken(gw, token, 'post', `/conversations/${conversationId}/messages`, {
        content: 'Mon dossier',
        attachedFileIds: ids,
      });
      expect([ids, rest.status, rest.body.message]).toEqual([ids, 403, MSG.accessTokenDocumentsForbidden]);
      const graph = await gqlWithToken(gw, token, SEND, {
        c: String(conversationId),
        t: 'Mon dossier',
        f: ids.map(String),
      });
      expect(graph.body.errors?.[0]).toMatchObject({
        message: MSG.accessTokenDocumentsForbidden,
        extensions: { code: 'FORBIDDEN' },
      });
    }
    // Nothing reached the owner: no message, no share of the document.
    const thread = await owner.agent.get(`/api/conversations/${conversationId}`).query({ userId: owner.user.id });
    expect(thread.body.messages ?? []).toEqual([]);
    expect((await owner.agent.get(`/api/tenant-files/${fileId}`)).status).toBe(403);
  });

  it('should still let the token send a plain message (no attachment, or an empty list)', async () => {
    const { token, conversationId } = await scene();
    const rest = await restWithToken(gw, token, 'post', `/conversations/${conversationId}/messages`, {
      content: 'Bonjour, est-il disponible ?',
      attachedFileIds: [],
    });
    expect(rest.status).toBe(201);
    const graph = await gqlWithToken(gw, token, SEND, { c: String(conversationId), t: 'Et pour une visite ?' });
    expect(graph.body.errors).toBeUndefined();
  });

  it('should let the signed-in session attach its document', async () => {
    const { tenant, owner, fileId, conversationId } = await scene();
    const sent = await tenant.agent
      .post(`/api/conversations/${conversationId}/messages`)
      .send({ content: 'Mon dossier', senderId: tenant.user.id, attachedFileIds: [fileId] });
    expect(sent.status).toBe(201);
    expect((await owner.agent.get(`/api/tenant-files/${fileId}`)).status).toBe(200);
  });
});
