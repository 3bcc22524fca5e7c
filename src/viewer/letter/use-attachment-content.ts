import { useEffect, useMemo, useState } from 'preact/hooks';
import { targetOf } from '../../api/links.ts';
import type { Link } from '../../api/schemas.ts';
import type { AttachmentInfo } from '../../model/letters.ts';
import { decodeBase64 } from '../../shared/base64.ts';
import type { ErrorInfo } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { useLatest } from '../../ui/use-latest.ts';
import { ask } from '../../ui/worker-client.ts';
import { blobType, displayKind, type DisplayKind } from './content-display.ts';
import type { OpeningReceipt } from './opening-receipt.ts';

/** A document's content on show, behind a blob: address that lives as long as it is shown. */
export interface Shown {
  url: string;
  blob: Blob;
  kind: DisplayKind;
  contentType: string;
  size: number;
}

type AttachmentState =
  | { kind: 'idle' }
  | { kind: 'busy'; label: string }
  | { kind: 'shown'; shown: Shown }
  /** `resend`: after a receipt whose outcome is unknown, sending it again by the person's explicit choice. */
  | { kind: 'error'; error: ErrorInfo; retry: () => Promise<void>; resend?: () => Promise<void> };

/** The content as fetched, its bytes in a Blob; its blob: address is made only once it is on show. */
type Fetched = Omit<Shown, 'url'>;

function fetchContent(link: Link): Promise<Fetched> {
  return ask({ type: 'getContent', ...targetOf(link, 'get_document_content') }).then((content) => ({
    blob: new Blob([decodeBase64(content.base64)], { type: blobType(content.contentType) }),
    kind: displayKind(content.contentType),
    contentType: content.contentType,
    size: content.size,
  }));
}

export interface AttachmentContent {
  state: AttachmentState;
  /** The content link: the attachment's own, or the one its opening receipt brought. */
  content: Link | undefined;
  read: boolean | undefined;
  open: (link: Link) => Promise<void>;
  /** Sends the opening receipt (only ever on the person's click), then shows the content it opens. */
  sendReceiptAndOpen: (receipt: OpeningReceipt, resend?: boolean) => () => Promise<void>;
  close: () => void;
  fail: (error: ErrorInfo, retry: () => Promise<void>) => void;
}

/** What the latest fetch does, in words while it runs, and how to do it again should it fail. */
interface Attempt {
  label: string;
  retry: () => Promise<void>;
  /** After a receipt whose outcome is unknown: sending it again, by the person's explicit choice. */
  resend?: () => Promise<void>;
}

/**
 * One document's content, fetched by the worker: its loading, error and shown states. The latest
 * fetch wins (useLatest): an answer that comes after a newer fetch, or after the letter was left
 * (or the session ended, which leaves it), is dropped and gets no blob: address. The address of
 * what is shown is made for the answer on show only, and revoked when it is no longer shown.
 * `onRead` is told once content was shown (the service has then marked the document read).
 */
export function useAttachmentContent(attachment: AttachmentInfo, onRead: () => void): AttachmentContent {
  const [content, setContent] = useState<Link | undefined>(attachment.content);
  const [read, setRead] = useState(attachment.read);
  const [attempt, setAttempt] = useState<Attempt | undefined>(undefined);
  const latest = useLatest<Fetched>();
  const shown = useMemo(() => latest.value && { ...latest.value, url: URL.createObjectURL(latest.value.blob) }, [latest.value]);

  useEffect(() => {
    if (!shown) return undefined;
    return () => URL.revokeObjectURL(shown.url);
  }, [shown]);

  /** Runs `fetch` as the latest, and once its content is on show, the document is read. */
  const show = async (next: Attempt, fetch: (signal: AbortSignal) => Promise<Fetched>): Promise<void> => {
    setAttempt(next);
    if ((await latest.run(fetch)) === undefined) return;
    setRead(true);
    onRead();
  };

  const open = (link: Link): Promise<void> => show({ label: t('content_loading'), retry: () => open(link) }, () => fetchContent(link));

  const sendReceiptAndOpen =
    (receipt: OpeningReceipt, resend = false) =>
    (): Promise<void> =>
      show(
        {
          label: receipt.sent ? t('content_loading') : t('receipt_sending'),
          retry: sendReceiptAndOpen(receipt),
          resend: sendReceiptAndOpen(receipt, true),
        },
        async (signal) => {
          const link = await receipt.contentLink(resend);
          signal.throwIfAborted();
          // The receipt is sent: what is left is the content it opens, fetched as Open fetches it.
          setContent(link);
          setAttempt({ label: t('content_loading'), retry: () => open(link) });
          return fetchContent(link);
        },
      );

  let state: AttachmentState = { kind: 'idle' };
  if (latest.loading) state = { kind: 'busy', label: attempt?.label ?? t('content_loading') };
  else if (latest.error && attempt) state = { kind: 'error', error: latest.error, ...attempt };
  else if (shown) state = { kind: 'shown', shown };

  return {
    state,
    content,
    read,
    open,
    sendReceiptAndOpen,
    close: () => latest.set(undefined),
    fail: (error, retry) => {
      setAttempt({ label: t('content_loading'), retry });
      latest.fail(error);
    },
  };
}
