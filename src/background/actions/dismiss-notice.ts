import { parseWith } from '../../api/http.ts';
import { findLink } from '../../api/links.ts';
import { writeSourceSchema, type WriteSource } from '../../api/schemas.ts';
import { AppError } from '../../shared/errors.ts';
import { canonicalAddress } from '../intent.ts';
import { type WriteAction, type WriteRequest } from './action.ts';

type SeenNotice = NonNullable<WriteRequest['notice']>;

/**
 * The root's notice is the one the person saw: the same dismiss link and the same words. The
 * service may put up another in its place (same link, another text) while a page shows the first.
 */
function isNoticeSeen(notice: WriteSource['notice'], seen: SeenNotice): boolean {
  const dismiss = findLink(notice?.link, 'dismiss_notice');
  return (
    notice !== undefined &&
    dismiss !== undefined &&
    canonicalAddress(dismiss.uri) === canonicalAddress(seen.dismiss) &&
    notice.code === seen.code &&
    notice.messageHeader === seen.messageHeader &&
    notice.messageText === seen.messageText
  );
}

/**
 * Dismissing the root's notice, the one the person saw only: done once the root no longer shows it
 * (none, or another in its place). The apps ask no permission to show or dismiss it.
 */
export const dismissNotice: WriteAction<'dismiss_notice'> = {
  // Gone already, nothing to send; another in its place is theirs to read first. The cached root,
  // which the page shows, is then out of date: it is read again, so the page shows what is there now.
  ready: async (request, source, written) => {
    if (!request.notice) throw new AppError('write_refused', { detail: 'which notice' });
    if (!source.notice) {
      await written();
      return true;
    }
    if (!isNoticeSeen(source.notice, request.notice)) {
      await written();
      throw new AppError('write_target_changed', { detail: 'NOTICE_REPLACED' });
    }
  },
  look: async (_record, read, request) =>
    request.notice !== undefined && !isNoticeSeen(parseWith(writeSourceSchema, await read(), 'resource').notice, request.notice),
};
