import type { User } from './user.entity';

/** The legacy REST shape of the signed-in user: every column but the secrets. */
export function toUserJson(u: User) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    age: u.age,
    phone: u.phone,
    address: u.address,
    city: u.city,
    postalCode: u.postalCode,
    profilePicture: u.profilePicture,
    isLandlord: u.isLandlord,
    bio: u.bio,
    agencyName: u.agencyName,
    siren: u.siren,
    professionalCard: u.professionalCard,
    isVerified: u.isVerified,
    lastLoginAt: u.lastLoginAt,
    createdAt: u.createdAt,
  };
}
