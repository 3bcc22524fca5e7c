import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * Hands a file over (a letter's bytes, or an HTML letter's checked copy): a blob typed
 * application/octet-stream with a download name, so no browser renders it as a page from its own
 * blob: address, where it would have the viewer's origin.
 */
export function DownloadLink(props: { blob: Blob; name: string; children: ComponentChildren }) {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    const address = URL.createObjectURL(new Blob([props.blob], { type: 'application/octet-stream' }));
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [props.blob]);
  if (url === undefined) return null;
  return (
    <a href={url} download={props.name} type="application/octet-stream">
      {props.children}
    </a>
  );
}
