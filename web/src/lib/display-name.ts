/** The fields the display-name rule reads. */
export interface NamedUser {
  username: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** Display name: first name plus last name if both exist, else first name, else username. */
export function displayName(user: NamedUser): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  return user.username;
}
