import { useState } from 'preact/hooks';
import { findLink } from '../api/links.ts';
import type { RootResource } from '../api/schemas.ts';
import { t } from '../shared/i18n.ts';
import { isChangedSince, toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { BusyButton } from '../ui/components.tsx';
import { InfoIcon } from '../ui/icons.tsx';
import { useWrite, type WriteFailure } from '../ui/use-write.ts';
import { ask } from '../ui/worker-client.ts';
import { FilingFailure } from './filing/FilingControls.tsx';
import { SafeExternalLink } from './SafeExternalLink.tsx';

type Notice = NonNullable<RootResource['notice']>;

/** The service's words, else ours where it gave none. */
const wordsOr = (text: string | undefined, fallback: string): string => (text === undefined || text === '' ? fallback : text);

/** The notice as the person sees it, for the worker to dismiss that one only: its dismiss link and its words. */
function seenNotice(notice: Notice, dismiss: string) {
  // The notice's own code (which notice it is), named apart from an error's code, which pages never compare.
  const { code: noticeCode, messageHeader, messageText } = notice;
  return {
    dismiss,
    ...(noticeCode === undefined ? {} : { code: noticeCode }),
    ...(messageHeader === undefined ? {} : { messageHeader }),
    ...(messageText === undefined ? {} : { messageText }),
  };
}

/**
 * Something the service wants the person to see once (the root's `notice`): its heading and text
 * in the service's own words, above every page until dismissed. Its dismiss action is a write like
 * any other (one intent, however often pressed; an outcome not known is said so), offered only
 * where the notice offers it; once done, the root is read again and no longer carries it. The
 * write names the notice on show: one the service put in its place meanwhile is not dismissed
 * unseen, and the root read again (`onDismissed`) shows it.
 */
export function ServiceNotice(props: { notice: Notice; rootUrl: string | undefined; onDismissed: () => void }) {
  const { notice, rootUrl } = props;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<WriteFailure<ErrorInfo> | undefined>();
  const once = useWrite();
  const more = findLink(notice.link, 'more_info');
  const dismissLink = findLink(notice.link, 'dismiss_notice');
  const canDismiss = rootUrl !== undefined && dismissLink !== undefined;
  const header = notice.messageHeader?.trim();
  const text = notice.messageText?.trim();
  const dismissText = notice.dismissText?.trim();
  if (!header && !text) return null;

  const dismiss = async (resend?: boolean): Promise<void> => {
    if (rootUrl === undefined || dismissLink === undefined) return;
    const seen = seenNotice(notice, dismissLink.uri);
    setFailure(undefined);
    setBusy(true);
    try {
      await once(`dismiss ${JSON.stringify(seen)}`, async () => {
        await ask({
          type: 'write',
          target: { url: rootUrl, relation: 'self' },
          rel: 'dismiss_notice',
          notice: seen,
          ...(resend ? { resend } : {}),
        });
      });
      props.onDismissed();
    } catch (error) {
      const info = toErrorInfo(error);
      setFailure({ error: info, retry: (again) => void dismiss(again) });
      // Another notice in its place: the root is read again, and shows it.
      if (isChangedSince(info)) props.onDismissed();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="info-panel service-notice" aria-labelledby="service-notice-title">
      <InfoIcon class="info-panel-icon" />
      <div>
        <h2 class="info-panel-title" id="service-notice-title">
          {wordsOr(header, t('notice_title'))}
        </h2>
        {text ? <p>{text}</p> : null}
        {failure && isChangedSince(failure.error) ? (
          <div class="alert" role="alert">
            <p class="alert-message">{t('notice_replaced')}</p>
          </div>
        ) : failure ? (
          <FilingFailure failure={failure} />
        ) : null}
        <div class="actions">
          {canDismiss ? (
            <BusyButton type="button" class="primary" busy={busy} onClick={() => void dismiss()}>
              {wordsOr(dismissText, t('notice_dismiss'))}
            </BusyButton>
          ) : null}
          {more ? <SafeExternalLink href={more.uri}>{t('notice_more_info')}</SafeExternalLink> : null}
        </div>
      </div>
    </section>
  );
}
