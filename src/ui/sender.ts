import { t } from '../shared/i18n.ts';

/**
 * Who a letter is from, as a list of letters shows it: the sender's name; for a letter the person
 * uploaded themself (which has no sender's name), that they uploaded it; otherwise "Unknown sender".
 */
export function senderText(letter: { sender: string; uploaded: boolean }): string {
  if (letter.sender.trim() !== '') return letter.sender.trim();
  return letter.uploaded ? t('origin_uploaded') : t('sender_unknown');
}
