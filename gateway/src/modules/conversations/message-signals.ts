import type { MessageSignal } from '@flaneur/schema';

/** Lower case, accents removed, apostrophes straightened: the patterns below are written on that form. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2019']/g, "'")
    .toLowerCase();

// An amount ends on « € » (not a word character): it stands outside the \b of the words.
const MONEY =
  /\b(virement|virer|verser|versement|payer|payez|paiement|envoyer|acompte|caution|depot de garantie|avance|frais de reservation)\b|\d+\s?(€|euros?\b)/;
const BEFORE_VISIT =
  /\b(avant (la |toute |une )?visite|avant de visiter|sans visite|pour (reserver|bloquer)|avant de vous (donner|remettre|envoyer) les cles|par la poste)\b/;
const ABROAD =
  /\b(a l'etranger|(au|en|vers le|vers l') ?(royaume-uni|angleterre|espagne|portugal|belgique|cote d'ivoire|benin|cameroun|nigeria|senegal)|iban (etranger|anglais|espagnol|portugais)|compte (a|en) l'etranger)\b/;
const COUPON =
  /\b(mandat cash|coupons? pcs|pcs mastercard|recharge pcs|transcash|western union|moneygram|ria money|coupons? (de )?recharge|neosurf|carte (cadeau|prepayee))\b/;
const CHANNEL =
  /\b(whatsapp|whats app|telegram|signal|viber|(ecrivez|contactez|ecris|contacte|joignez|repondez)[- ]moi (sur|a|au|par)|mon (mail|e-mail|email|adresse mail))\b/;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/;
const PHONE = /(\+33|0033|\b0)\s?[1-9](?:[\s.-]?\d{2}){4}\b/;
const LEAVE = /\b(ecrivez|contactez|appelez|ecris|contacte|appelle|joignez|repondez|directement|par sms|plutot)\b/;
const DOCUMENTS =
  /\b(piece d'identite|carte d'identite|passeport|avis d'imposition|fiches? de paie|bulletins? de salaire|rib|justificatifs?|dossier complet|copie de vos)\b/;

/**
 * The scam signals of a message (docs/decisions.md « Trust shield »): money asked before a visit, a transfer
 * abroad, a payment coupon, moving the talk elsewhere, documents asked before any visit. Pure: the text only.
 */
export function detectMessageSignals(content: string): MessageSignal[] {
  const t = fold(content);
  const found: MessageSignal[] = [];
  if (MONEY.test(t) && BEFORE_VISIT.test(t)) found.push('argent_avant_visite');
  if (ABROAD.test(t) && MONEY.test(t)) found.push('virement_etranger');
  if (COUPON.test(t)) found.push('coupon_paiement');
  if (CHANNEL.test(t) || ((EMAIL.test(t) || PHONE.test(t)) && LEAVE.test(t))) found.push('autre_canal');
  if (DOCUMENTS.test(t) && BEFORE_VISIT.test(t)) found.push('documents_avant_visite');
  return found;
}
