/*
 * The outbox kinds of the alerts this module consumes: their producers (conversations, visit requests) import them
 * from here, the consumer. A location report's discoveries reach it through discovery's own job (passing()).
 */

/** What a passing alert is about: the discoveries of a location report. */
export interface PassingAlertInput {
  userId: number;
  /** ISO time of the fix that found the listings (of the newest one for a batch). */
  fixAt: string;
  /** Nearest first; distanceM in whole metres from the fix that found the listing. */
  items: { propertyId: number; distanceM: number }[];
}

/** A message was sent: tell the recipient unless the conversation is open on one of their devices. */
export const MESSAGE_ALERT_JOB = 'message.alert';

/** A visit request was made: tell the listing's owner. */
export const VISIT_ALERT_JOB = 'visit.alert';
