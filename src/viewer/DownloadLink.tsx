import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * Hands a letter's bytes over as a file: a blob typed application/octet-stream with a download
 * name, so no browser renders it as a page (an HTML letter opened from its own blob: address
 * would load everything it names).
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
