import type { Mail } from '../../mail/mailer';
import type { User } from './user.entity';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const greet = (u: User) => `Bonjour ${u.firstName ?? u.username},`;

/** The e-mail with the verification link sent at registration. */
export function verifyEmailMail(user: User, link: string): Mail {
  return {
    to: user.email,
    subject: 'Flâneur — confirmez votre adresse e-mail',
    link,
    text: `${greet(user)}\n\nBienvenue sur Flâneur ! Confirmez votre adresse e-mail en ouvrant ce lien :\n${link}\n`,
    html: `<p>${escape(greet(user))}</p><p>Bienvenue sur Flâneur ! Confirmez votre adresse e-mail :</p><p><a href="${escape(link)}">Confirmer mon adresse</a></p>`,
  };
}

/** The e-mail with the password-reset link (valid one hour, single use). */
export function resetPasswordMail(user: User, link: string): Mail {
  return {
    to: user.email,
    subject: 'Flâneur — réinitialisation de votre mot de passe',
    link,
    text: `${greet(user)}\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.\n`,
    html: `<p>${escape(greet(user))}</p><p>Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :</p><p><a href="${escape(link)}">Réinitialiser mon mot de passe</a></p><p>Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.</p>`,
  };
}

/** The notice sent to the previous address when the account's e-mail changes (no link, nothing of the new one). */
export function emailChangedMail(user: User, previousAddress: string): Mail {
  const body =
    "L'adresse e-mail de votre compte Flâneur vient d'être changée. Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe depuis la page de connexion.";
  return {
    to: previousAddress,
    subject: 'Flâneur — votre adresse e-mail a changé',
    text: `${greet(user)}\n\n${body}\n`,
    html: `<p>${escape(greet(user))}</p><p>${escape(body)}</p>`,
  };
}

/**
 * The notice sent when the account's password changes (in Paramètres or from a reset link): every other device is
 * signed out, and `tokensNotice` says when the access tokens were revoked with it.
 */
export function passwordChangedMail(user: User, tokensNotice: string): Mail {
  const body = [
    "Le mot de passe de votre compte Flâneur vient d'être changé et vos autres appareils ont été déconnectés.",
    tokensNotice,
    "Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe depuis la page de connexion.",
  ].filter(Boolean);
  return {
    to: user.email,
    subject: 'Flâneur — votre mot de passe a changé',
    text: `${greet(user)}\n\n${body.join('\n\n')}\n`,
    html: `<p>${escape(greet(user))}</p>${body.map((p) => `<p>${escape(p)}</p>`).join('')}`,
  };
}
