import { useEffect, useState } from 'preact/hooks';
import type { DisplayKind } from './content-display.ts';
import { decodeLetter, htmlLetterDocument, plainTextDocument } from './letter-document.ts';

/** What the viewer shows of an HTML or text letter, and the file Download saves for it. */
export interface ShownLetter {
  /** The frame's document (see letter-document.ts). */
  srcdoc: string;
  /** An HTML letter that could not be shown as it was checked: the document holds only its text. */
  htmlAsText: boolean;
  /**
   * What Download saves. For HTML, the frame's own document, so a copy opened from disk is as safe as
   * the frame (the sender's bytes would render unsanitised there); for text, the letter's bytes.
   */
  file: Blob;
}

/** The shown document of an HTML or text letter, once its bytes are read; undefined before, and for other kinds. */
export function useLetterDocument(blob: Blob, contentType: string, kind: DisplayKind): ShownLetter | undefined {
  const [letter, setLetter] = useState<ShownLetter | undefined>(undefined);
  useEffect(() => {
    setLetter(undefined);
    if (kind !== 'html' && kind !== 'text') return undefined;
    let live = true;
    void blob.arrayBuffer().then((buffer) => {
      if (!live) return;
      const text = decodeLetter(contentType, new Uint8Array(buffer));
      if (kind === 'text') {
        setLetter({ srcdoc: plainTextDocument(text), htmlAsText: false, file: blob });
        return;
      }
      const document = htmlLetterDocument(text);
      setLetter({ srcdoc: document.srcdoc, htmlAsText: document.asText, file: new Blob([document.srcdoc], { type: 'text/html' }) });
    });
    return () => {
      live = false;
    };
  }, [blob, contentType, kind]);
  return letter;
}
