import { TENANT_FILE_RETENTION } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import type { Outbox } from '../../outbox/outbox';
import { DropJob } from '../../outbox/outbox';
import type { Storage } from '../../storage/storage';
import { deleteCopies } from './tenant-file-copies';

/** The outbox kind of the e-mail that warns a tenant a month before a document is deleted. */
export const RETENTION_WARNING_JOB = 'tenantFiles.retentionWarning';

const DAY_MS = 24 * 60 * 60 * 1000;
const { months, warningDays } = TENANT_FILE_RETENTION;
/** No share still running: a shared document is kept whatever its age. */
const NO_ACTIVE_SHARE = `NOT EXISTS (SELECT 1 FROM tenant_file_shares s
  WHERE s.file_id = f.id AND s.revoked_at IS NULL AND s.expires_at > now())`;

const parisDay = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' }).format(d);

export interface RetentionDeps {
  db: DataSource;
  storage: Storage;
  outbox: Outbox;
  mailer: Mailer;
  publicUrl: string;
  deleteFiles: (files: { id: number; storageKey: string }[]) => Promise<void>;
}

/**
 * One pass of the folder's retention (idempotent, safe on N instances at once: each step is one statement that
 * claims its rows): stamped copies of ended shares are deleted; documents neither shared nor opened for 11 months
 * are marked warned and their e-mail is queued in the same transaction; documents warned at least 30 days ago and
 * untouched since are deleted with their bytes.
 */
export async function runRetention(deps: RetentionDeps): Promise<{ copies: number; warned: number; deleted: number }> {
  const copies = await deleteCopies(deps, 's.revoked_at IS NOT NULL OR s.expires_at <= now()', []);
  const warned = await deps.db.transaction(async (tx) => {
    const [rows]: [{ id: number }[], number] = await tx.query(
      `UPDATE tenant_files f SET retention_warned_at = now()
       WHERE f.retention_warned_at IS NULL
         AND f.last_activity_at < now() - make_interval(months => $1) + make_interval(days => $2)
         AND ${NO_ACTIVE_SHARE}
       RETURNING f.id`,
      [months, warningDays],
    );
    for (const { id } of rows) await deps.outbox.enqueue(tx, RETENTION_WARNING_JOB, { fileId: id });
    return rows.length;
  });
  if (warned) deps.outbox.nudge();
  const doomed: { id: number; storage_key: string }[] = await deps.db.query(
    `SELECT f.id, f.storage_key FROM tenant_files f
     WHERE f.retention_warned_at <= now() - make_interval(days => $1)
       AND f.last_activity_at < f.retention_warned_at
       AND ${NO_ACTIVE_SHARE}`,
    [warningDays],
  );
  await deps.deleteFiles(doomed.map((r) => ({ id: r.id, storageKey: r.storage_key })));
  return { copies, warned, deleted: doomed.length };
}

/** The outbox handler: the warning e-mail, unless the document was used (or deleted) since it was queued. */
export function retentionWarningHandler(deps: Pick<RetentionDeps, 'db' | 'mailer' | 'publicUrl'>) {
  return async ({ fileId }: { fileId: number }) => {
    const [row]: { title: string; email: string; first_name: string | null; warned: Date | null }[] =
      await deps.db.query(
        `SELECT f.title, u.email, u.first_name, f.retention_warned_at AS warned
         FROM tenant_files f JOIN users u ON u.id = f.user_id WHERE f.id = $1 AND u.deleted_at IS NULL`,
        [fileId],
      );
    if (!row) throw new DropJob('document or account gone');
    if (!row.warned) return; // used again since: nothing to say
    const when = parisDay(new Date(new Date(row.warned).getTime() + warningDays * DAY_MS));
    const link = `${deps.publicUrl}/profile?tab=documents`;
    const hello = row.first_name ? `Bonjour ${row.first_name},` : 'Bonjour,';
    const body =
      `Votre document « ${row.title} » n'a été ni partagé ni consulté depuis près de ${months} mois. ` +
      `Pour protéger vos données, il sera supprimé le ${when}. ` +
      'Pour le garder, ouvrez-le ou partagez-le depuis Profil → Documents avant cette date.';
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    await deps.mailer.send({
      to: row.email,
      subject: `Votre document « ${row.title} » sera supprimé le ${when}`,
      text: `${hello}\n\n${body}\n\n${link}\n\nL'équipe Flâneur`,
      html: `<p>${esc(hello)}</p><p>${esc(body)}</p><p><a href="${esc(link)}">Mes documents</a></p><p>L'équipe Flâneur</p>`,
      link,
    });
  };
}

/** Runs the retention a minute after start, then daily; the timers never keep the process alive. */
export function scheduleRetention(run: () => Promise<unknown>, logger: Logger): () => void {
  const once = () =>
    run()
      .then((n) => logger.info(n, 'tenant documents retention'))
      .catch((err) => logger.error({ err }, 'tenant documents retention failed'));
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void once();
    interval = setInterval(once, DAY_MS);
    interval.unref();
  }, 60_000);
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
