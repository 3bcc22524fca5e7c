import { useEffect, useRef, useState } from 'preact/hooks';
import { targetOf } from '../../api/links.ts';
import type { Link } from '../../api/schemas.ts';
import type { AttachmentInfo } from '../../model/letters.ts';
import type { ContentView } from '../../protocol/messages.ts';
import { decodeBase64 } from '../../shared/base64.ts';
import { toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
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

function toShown(content: ContentView): Shown {
  const bytes = decodeBase64(content.base64);
  const blob = new Blob([bytes], { type: blobType(content.contentType) });
  return { url: URL.createObjectURL(blob), blob, kind: displayKind(content.contentType), contentType: content.contentType, size: content.size };
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

/**
 * One document's content, fetched by the worker: its loading, error and shown states. Each fetch
 * has a generation: an answer that comes after a newer fetch, or after the letter was left (or the
 * session ended, which leaves it), is dropped and gets no blob: address. The address of what is
 * shown is revoked when it is no longer shown. `onRead` is told once content was shown (the
 * service has then marked the document read).
 */
export function useAttachmentContent(attachment: AttachmentInfo, onRead: () => void): AttachmentContent {
  const [content, setContent] = useState<Link | undefined>(attachment.content);
  const [read, setRead] = useState(attachment.read);
  const [state, setState] = useState<AttachmentState>({ kind: 'idle' });
  const generation = useRef(0);

  useEffect(
    () => () => {
      generation.current++;
    },
    [],
  );

  useEffect(() => {
    if (state.kind !== 'shown') return undefined;
    const { url } = state.shown;
    return () => URL.revokeObjectURL(url);
  }, [state]);

  const open = async (link: Link): Promise<void> => {
    const mine = ++generation.current;
    setState({ kind: 'busy', label: t('content_loading') });
    try {
      const answer = await ask({ type: 'getContent', ...targetOf(link, 'get_document_content') });
      if (mine !== generation.current) return;
      setRead(true);
      onRead();
      setState({ kind: 'shown', shown: toShown(answer) });
    } catch (failure) {
      if (mine === generation.current) setState({ kind: 'error', error: toErrorInfo(failure), retry: () => open(link) });
    }
  };

  const sendReceiptAndOpen = (receipt: OpeningReceipt, resend = false) => async (): Promise<void> => {
    const mine = ++generation.current;
    setState({ kind: 'busy', label: receipt.sent ? t('content_loading') : t('receipt_sending') });
    try {
      const link = await receipt.contentLink(resend);
      if (mine !== generation.current) return;
      setContent(link);
      await open(link);
    } catch (failure) {
      if (mine === generation.current) setState({ kind: 'error', error: toErrorInfo(failure), retry: sendReceiptAndOpen(receipt), resend: sendReceiptAndOpen(receipt, true) });
    }
  };

  const close = () => {
    generation.current++;
    setState({ kind: 'idle' });
  };
  const fail = (error: ErrorInfo, retry: () => Promise<void>) => setState({ kind: 'error', error, retry });

  return { state, content, read, open, sendReceiptAndOpen, close, fail };
}
