import crypto from 'node:crypto';
import type { TRegister } from '@flaneur/schema';
import { createProperty, signedInUser, smallPng, uploadedImage } from './factories';
import type { TestGateway } from './gateway';

/** A minimal PDF the document check accepts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

type Member = Awaited<ReturnType<typeof signedInUser>>;

/** Rows that belong to a user, by table and owning column (the users row itself aside). */
export const OWNED_ROWS = {
  properties: 'owner_id',
  favorites: 'user_id',
  history_entries: 'user_id',
  user_preferences: 'user_id',
  user_locations: 'user_id',
  discovery_state: 'user_id',
  visit_requests: 'requester_id',
  tenant_files: 'user_id',
  tenant_file_uploads: 'user_id',
  tenant_file_shares: 'recipient_id',
  password_reset_tokens: 'user_id',
  push_subscriptions: 'user_id',
  notification_settings: 'user_id',
} as const;

/** How many rows of each kind the user owns, sessions included. */
export async function ownedRows(gw: TestGateway, userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, column] of Object.entries(OWNED_ROWS)) {
    const [row] = await gw.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [userId]);
    counts[table] = row.n;
  }
  const [sessions] = await gw.db.query(
    `SELECT count(*)::int AS n FROM "session" WHERE ("sess"::jsonb ->> 'userId')::int = $1`,
    [userId],
  );
  counts.session = sessions.n;
  return counts;
}

async function addDocument(m: Member, title: string): Promise<number> {
  const up = await m.agent.post('/api/tenant-files/upload').attach('file', PDF, 'bulletin.pdf');
  const res = await m.agent.post('/api/tenant-files').send({ title, fileUrl: up.body.fileUrl, fileType: 'payslip' });
  if (res.status !== 201) throw new Error(`document: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const ok = (res: { status: number; body: any }, what: string) => {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
};

/**
 * A user with every kind of data (profile picture, a listing with a photo, a favourite, a Découverte,
 * preferences, a position fix, visit requests sent and received, a document shared in a conversation, a pending
 * upload, a reset token, a second session) and the other party of that conversation, who shared a document too.
 */
export async function richUser(gw: TestGateway, overrides: Partial<TRegister> = {}) {
  const [me, other] = await Promise.all([
    signedInUser(gw, { phone: '0611111111', address: '3 rue Privée', city: 'Lyon', postalCode: '69003', ...overrides }),
    signedInUser(gw, { firstName: 'Paul', lastName: 'Martin', phone: '0699999999' }),
  ]);
  const otherListing = await createProperty(other.agent, { title: 'Maison de Paul' });
  const myListing = await createProperty(me.agent, {
    title: 'Studio de Camille',
    images: [await uploadedImage(me.agent)],
  });
  const avatar = ok(
    await me.agent.post('/api/users/profile-picture').attach('profilePicture', await smallPng(), 'moi.png'),
    'avatar',
  ).body.profilePicture as string;
  ok(await me.agent.post('/api/favorites').send({ propertyId: otherListing.id }), 'favourite');
  ok(await other.agent.post('/api/favorites').send({ propertyId: myListing.id }), 'favourite of the other');
  ok(await me.agent.patch('/api/history/view').send({ propertyId: otherListing.id }), 'history');
  ok(await me.agent.post('/api/user/preferences').send({ searchFilters: { radius: 3 } }), 'preferences');
  // A device (its push service on a closed loopback port: pushes to it fail and are retried) and alert settings.
  const device = {
    endpoint: `http://127.0.0.1:9/push/${crypto.randomUUID()}`,
    expirationTime: null,
    keys: {
      p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
    },
  };
  ok(await me.agent.post('/api/push/subscriptions').send(device), 'push subscription');
  ok(await me.agent.patch('/api/notification-settings').send({ maxPerDay: 5 }), 'notification settings');
  ok(
    await me.agent.post('/api/webhooks').send({ url: 'http://127.0.0.1:9/flaneur', events: ['message.created'] }),
    'webhook',
  );
  // A precise fix (a discovery pass runs) far from every listing the test files create: nothing is discovered.
  ok(await me.agent.post('/api/user-locations').send({ latitude: -59.25, longitude: -139.75, accuracy: 10 }), 'fix');
  ok(
    await me.agent.post('/api/visit-requests').send({ propertyId: otherListing.id, message: 'Visite samedi ?' }),
    'visit',
  );
  ok(
    await other.agent.post('/api/visit-requests').send({ propertyId: myListing.id, message: 'Encore libre ?' }),
    'visit received',
  );
  const myDocId = await addDocument(me, 'Mon bulletin');
  const otherDocId = await addDocument(other, 'Garant de Paul');
  ok(await me.agent.post('/api/tenant-files/upload').attach('file', PDF, 'brouillon.pdf'), 'pending upload');
  const conversationId = ok(
    await me.agent.post('/api/conversations').send({ user2Id: other.user.id, propertyId: otherListing.id }),
    'conversation',
  ).body.id as number;
  const send = (m: Member, content: string, attachedFileIds: number[] = []) =>
    m.agent.post(`/api/conversations/${conversationId}/messages`).send({ content, attachedFileIds });
  ok(await send(me, 'Voici mon dossier', [myDocId]), 'message');
  ok(await send(other, 'Merci, voici mon garant', [otherDocId]), 'reply');
  ok(await me.agent.post('/api/forgot-password').send({ email: me.user.email }), 'forgot password');
  const secondSession = gw.agent();
  ok(await secondSession.post('/api/login').send({ username: me.user.username, password: me.password }), 'login');
  return { me, other, secondSession, otherListing, myListing, avatar, myDocId, otherDocId, conversationId };
}
