import { MSG } from '@flaneur/schema';
import { richUser } from '../../../test/account-scene';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

const gw = useGateway();
let scene: Awaited<ReturnType<typeof richUser>>;
beforeAll(async () => {
  scene = await richUser(gw);
});

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
/** Secrets that must never leave the server: password and token hashes, storage keys, session ids, webhook secrets. */
const SECRETS =
  /scrypt\$|tokenHash|token_hash|storageKey|storage_key|verificationToken|tenant-files\/\d+\/[0-9a-f-]{36}|"sid"|whsec_/;

describe('GET /api/users/me/export', () => {
  it('should answer every kind of data of the user as a JSON attachment that is not cached', async () => {
    const { me, other, otherListing, myListing, myDocId, conversationId } = scene;
    const res = await me.agent.get('/api/users/me/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="flaneur-export.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = JSON.parse(res.text);
    expect(doc).toMatchObject({ format: 'flaneur-export', version: 1, exportedAt: expect.any(String) });
    expect(doc.profile).toMatchObject({
      id: me.user.id,
      username: me.user.username,
      email: me.user.email,
      phone: '0611111111',
      address: '3 rue Privée',
      profilePicture: expect.stringMatching(/^\/uploads\/avatars\//),
    });
    expect(doc.profile.password).toBeUndefined();
    expect(doc.preferences.searchFilters).toMatchObject({ radius: 3 });
    expect(ids(doc.listings)).toEqual([myListing.id]);
    expect(doc.listings[0]).toMatchObject({ title: 'Studio de Camille', ownerId: me.user.id });
    expect(doc.favorites.map((f: { propertyId: number }) => f.propertyId)).toEqual([otherListing.id]);
    expect(doc.history).toEqual([expect.objectContaining({ propertyId: otherListing.id, isViewed: true })]);
    expect(doc.locations).toEqual([
      expect.objectContaining({ latitude: '-59.2500000', longitude: '-139.7500000', accuracy: '10.00' }),
    ]);
    // The walk journal cut from those fixes: times and distance, never a position.
    expect(doc.walks).toEqual([
      {
        id: expect.any(Number),
        startedAt: expect.any(String),
        lastFixAt: expect.any(String),
        distanceM: 0,
        fixCount: 1,
      },
    ]);
    expect(doc.discovery).toEqual({ lastPassAt: expect.any(String) });
    expect(doc.visitRequests.sent).toEqual([
      expect.objectContaining({ propertyId: otherListing.id, requesterId: me.user.id, message: 'Visite samedi ?' }),
    ]);
    expect(doc.visitRequests.received).toEqual([
      expect.objectContaining({ propertyId: myListing.id, requesterId: other.user.id, status: 'pending' }),
    ]);
    expect(doc.conversations).toHaveLength(1);
    expect(doc.conversations[0]).toMatchObject({
      id: conversationId,
      propertyId: otherListing.id,
      participant: { id: other.user.id, username: other.user.username },
    });
    expect(doc.conversations[0].messages.map((m: { content: string }) => m.content)).toEqual([
      'Voici mon dossier',
      'Merci, voici mon garant',
    ]);
    expect(ids(doc.tenantFiles)).toEqual([myDocId]);
    expect(doc.tenantFiles[0]).toMatchObject({
      title: 'Mon bulletin',
      mimeType: 'application/pdf',
      shares: [{ conversationId, recipientId: other.user.id, revokedAt: null, createdAt: expect.any(String) }],
    });
    expect(doc.pendingUploads).toEqual([expect.objectContaining({ originalName: 'brouillon.pdf' })]);
    expect(doc.passwordResetRequests).toHaveLength(1);
    expect(doc.sessions).toHaveLength(2);
    expect(doc.notificationSettings).toMatchObject({ passingAlerts: true, maxPerDay: 5 });
    expect(doc.pushDevices).toEqual([
      { pushService: '127.0.0.1:9', createdAt: expect.any(String), lastSuccessAt: null },
    ]);
    expect(doc.webhooks).toEqual([
      {
        id: expect.any(Number),
        url: 'http://127.0.0.1:9/flaneur',
        events: ['message.created'],
        createdAt: expect.any(String),
        disabledAt: null,
      },
    ]);
    // The endpoint's secret path and the keys stay on the server.
    expect(JSON.stringify(doc)).not.toMatch(/\/push\/[0-9a-f-]{36}|p256dh|"auth"/);
  });

  it('should hold nothing secret and nothing private of another user', async () => {
    const { me, other, otherDocId } = scene;
    const text = (await me.agent.get('/api/users/me/export')).text;
    expect(text).not.toMatch(SECRETS);
    // Their listing's public title names the conversation; their name, e-mail, phone and documents do not appear.
    for (const theirs of [other.user.email, '0699999999', 'Garant de Paul', 'Martin'])
      expect(text).not.toContain(theirs);
    expect(text).not.toContain(`/api/tenant-files/${otherDocId}/`);
    // And the other way round: the other party's export holds the shared conversation, not my profile.
    const theirs = JSON.parse((await other.agent.get('/api/users/me/export')).text);
    expect(theirs.profile.id).toBe(other.user.id);
    expect(ids(theirs.tenantFiles)).toEqual([otherDocId]);
    expect(JSON.stringify(theirs)).not.toMatch(new RegExp(`${me.user.email}|0611111111|Privée|Mon bulletin`));
  });

  it('should answer 401 when signed out', async () => {
    const res = await gw.agent().get('/api/users/me/export');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MSG.unauthenticated });
  });
});

describe('exportMyData (GraphQL)', () => {
  it('should answer the same JSON document as REST, and UNAUTHENTICATED when signed out', async () => {
    const { me } = scene;
    const res = await gql(me.agent, '{ exportMyData }');
    expect(res.errors).toBeUndefined();
    const doc = JSON.parse(res.data!.exportMyData);
    const rest = JSON.parse((await me.agent.get('/api/users/me/export')).text);
    // Each request touches its session's expiry: the times of day differ, nothing else does.
    const stable = (d: Record<string, unknown>) => ({ ...d, exportedAt: null, sessions: null });
    expect(stable(doc)).toEqual(stable(rest));
    expect(doc.sessions).toHaveLength(rest.sessions.length);
    const anon = await gql(gw.agent(), '{ exportMyData }');
    expect(anon.errors![0]).toMatchObject({ message: MSG.unauthenticated, extensions: { code: 'UNAUTHENTICATED' } });
  });
});
