// How a letter's sender and subject read in the popup's and the viewer's lists and pages.
import { t } from '../shared/i18n.ts';

/**
 * Who a letter is from, as a list of letters shows it: the sender's name; for a letter the person
 * uploaded themself (which has no sender's name), that they uploaded it; otherwise "Unknown sender".
 */
export function senderText(letter: { sender: string; uploaded: boolean }): string {
  if (letter.sender.trim() !== '') return letter.sender.trim();
  return letter.uploaded ? t('origin_uploaded') : t('sender_unknown');
}

/** A letter's subject without the spaces around it, or what stands for a missing one (a confidential letter hides it). */
export function subjectText(letter: { subject: string; confidential: boolean }): string {
  if (letter.subject.trim() !== '') return letter.subject.trim();
  return letter.confidential ? t('subject_confidential') : t('subject_none');
}
