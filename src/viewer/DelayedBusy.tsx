import { useEffect, useState } from 'preact/hooks';
import { Busy } from '../ui/components.tsx';

/** How long a wait goes unremarked: a spinner for less only flickers. */
const UNREMARKED_MS = 1000;

/** "Busy" once a wait has passed a second; nothing before. */
export function DelayedBusy(props: { label: string }) {
  const [long, setLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLong(true), UNREMARKED_MS);
    return () => clearTimeout(timer);
  }, []);
  return long ? <Busy label={props.label} /> : null;
}
