import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { setUserRole } from './user-role';

const gw = useGateway({ startOutbox: false });
const roleOf = async (id: number) => (await gw.db.query(`SELECT role FROM users WHERE id = $1`, [id]))[0].role;

describe('moderator role', () => {
  it('should be granted by the operator function and read back by its holder', async () => {
    const { agent, user } = await signedInUser(gw);
    expect((await gql(agent, '{ me { role } }')).data!.me.role).toBe('user');
    const result = await setUserRole(gw.db, user.username, 'moderator');
    expect(result).toEqual({ ok: true, user: { id: user.id, username: user.username, role: 'moderator' } });
    expect((await gql(agent, '{ me { role } }')).data!.me.role).toBe('moderator');
    expect(await setUserRole(gw.db, user.username, 'user')).toMatchObject({ ok: true });
    expect(await roleOf(user.id)).toBe('user');
  });

  it('should refuse an unknown role or account in French and change nothing', async () => {
    const { user } = await signedInUser(gw);
    expect(await setUserRole(gw.db, user.username, 'admin')).toEqual({
      ok: false,
      error: 'Rôle inconnu « admin » : user ou moderator',
    });
    expect(await setUserRole(gw.db, 'personne-inconnue', 'moderator')).toEqual({
      ok: false,
      error: 'Aucun compte « personne-inconnue »',
    });
    expect(await roleOf(user.id)).toBe('user');
  });

  it('should never be granted through the API (REST profile, GraphQL updateProfile)', async () => {
    const { agent, user } = await signedInUser(gw);
    await agent.patch(`/api/users/${user.id}`).send({ role: 'moderator', bio: 'Bonjour' });
    expect(await roleOf(user.id)).toBe('user');
    const res = await gql(agent, `mutation { updateProfile(input: { role: "moderator" }) { id } }`);
    expect(res.errors).toBeDefined();
    expect(await roleOf(user.id)).toBe('user');
  });

  it('should be run from the command line (npm run user:role -- NAME moderator)', async () => {
    const { user } = await signedInUser(gw);
    const url = (gw.db.options as { url: string }).url;
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ['-r', '@swc-node/register', path.join(__dirname, '../../../scripts/user-role.ts'), user.username, 'moderator'],
      { env: { ...process.env, DATABASE_URL: url }, cwd: path.join(__dirname, '../../..') },
    );
    expect(stdout).toContain(`${user.username} (id ${user.id}) : rôle moderator`);
    expect(await roleOf(user.id)).toBe('moderator');
  }, 60_000);
});
