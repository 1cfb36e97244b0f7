import { USER_ROLES, type UserRole } from '@flaneur/schema';
import { IsNull, type DataSource } from 'typeorm';
import { User } from './user.entity';

/**
 * Grants or withdraws a role (the operator command `npm run user:role -- NAME ROLE`; never reachable from the API).
 * Answers the account changed, or a French reason why nothing was changed.
 */
export async function setUserRole(
  db: DataSource,
  username: string,
  role: string,
): Promise<{ ok: true; user: Pick<User, 'id' | 'username' | 'role'> } | { ok: false; error: string }> {
  if (!(USER_ROLES as readonly string[]).includes(role))
    return { ok: false, error: `Rôle inconnu « ${role} » : ${USER_ROLES.join(' ou ')}` };
  const user = await db.getRepository(User).findOneBy({ username, deletedAt: IsNull() });
  if (!user) return { ok: false, error: `Aucun compte « ${username} »` };
  // Through the repository: the row change invalidates the cached viewers of this process (others within 30 s).
  await db.getRepository(User).update(user.id, { role: role as UserRole });
  return { ok: true, user: { id: user.id, username: user.username, role: role as UserRole } };
}
