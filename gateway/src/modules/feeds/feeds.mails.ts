import { FEED_MSG, feedText } from '@flaneur/schema';
import type { Mail } from '../../mail/mailer';
import type { User } from '../users/user.entity';

/* The e-mails an agency receives about the imports of its registered feed address (not the ones it sends itself). */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const greet = (u: User) => `Bonjour ${u.agencyName ?? u.firstName ?? u.username},`;

function mail(to: User, subject: string, body: string, link: string): Mail {
  const linkLine = feedText(FEED_MSG.mailReportLink, { link });
  return {
    to: to.email,
    subject,
    link,
    text: `${greet(to)}\n\n${body}\n\n${linkLine}\n`,
    html: `<p>${escape(greet(to))}</p>${body
      .split('\n')
      .map((l) => `<p>${escape(l)}</p>`)
      .join('')}<p><a href="${escape(link)}">${escape(FEED_MSG.title)}</a></p>`,
  };
}

/** The import (or the fetch before it) failed as a whole: nothing published changed. */
export const failedImportMail =
  (reason: string) =>
  (to: User, link: string): Mail =>
    mail(to, FEED_MSG.mailFailedSubject, feedText(FEED_MSG.mailFailedBody, { reason }), link);

/** The import ended with lines refused. */
export const refusedLinesMail =
  (counts: { created: number; updated: number; withdrawn: number; refused: number }) =>
  (to: User, link: string): Mail =>
    mail(to, FEED_MSG.mailRefusedSubject, feedText(FEED_MSG.mailRefusedBody, counts), link);
