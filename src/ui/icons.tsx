import type { JSX } from 'preact';

/**
 * The extension's own icons: inline SVG drawn on a 16-unit grid with `currentColor`, so they follow
 * the text colour and theme and never depend on an emoji font being installed. Their stroke (a
 * 1.5-unit rounded line in `currentColor`, no fill) is set once in theme.css's `.icon`, not
 * written into every script that draws one.
 */
interface IconProps {
  /** Spoken name; without one the icon is decorative and hidden from screen readers. */
  label?: string;
  size?: number;
  class?: string;
}

function Svg(props: IconProps & { children: JSX.Element | JSX.Element[] }) {
  const size = props.size ?? 16;
  const spoken = props.label !== undefined;
  return (
    <svg
      class={props.class ? `icon ${props.class}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      focusable="false"
      role={spoken ? 'img' : undefined}
      aria-label={props.label}
      aria-hidden={spoken ? undefined : 'true'}
    >
      {spoken ? <title>{props.label}</title> : []}
      {props.children}
    </svg>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
      <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
    </Svg>
  );
}

export function PaperclipIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M13 7.5 8 12.5a3 3 0 0 1-4.24-4.24l5.3-5.3a2 2 0 0 1 2.83 2.83l-5.3 5.3a1 1 0 0 1-1.42-1.42L10 4.8" />
    </Svg>
  );
}

export function InvoiceIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 1.75h8v12.5l-2-1.25-2 1.25-2-1.25-2 1.25z" />
      <path d="M6 5h4M6 7.5h4M6 10h2" />
    </Svg>
  );
}

/** A filled dot: an unread letter. */
export function UnreadDot(props: IconProps) {
  return (
    <Svg {...props} size={props.size ?? 8}>
      <circle cx="8" cy="8" r="6" fill="currentColor" stroke="none" />
    </Svg>
  );
}

export function ExternalIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9.5 2.5h4v4M13.5 2.5 7.5 8.5" />
      <path d="M12 9.5v3a1 1 0 0 1-1 1H3.5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3" />
    </Svg>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="8" cy="8" r="2" />
      <path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" />
    </Svg>
  );
}

export function SignOutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 2.5H3.5a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1H6" />
      <path d="M10 5l3 3-3 3M13 8H6" />
    </Svg>
  );
}

export function FolderIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M1.75 4a1 1 0 0 1 1-1h3.5l1.5 1.5h5.5a1 1 0 0 1 1 1V12a1 1 0 0 1-1 1H2.75a1 1 0 0 1-1-1z" />
    </Svg>
  );
}

export function InboxIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M1.75 9 3.5 3h9l1.75 6v3.5a1 1 0 0 1-1 1H2.75a1 1 0 0 1-1-1z" />
      <path d="M1.75 9H5.5l1 1.75h3l1-1.75h3.75" />
    </Svg>
  );
}

export function ReceiptIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3.5 1.75h9v12.5l-1.5-1-1.5 1-1.5-1-1.5 1-1.5-1-1.5 1z" />
      <path d="M5.5 5h5M5.5 7.5h5M8.5 10h2" />
    </Svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="7" cy="7" r="4.25" />
      <path d="m10.25 10.25 3.5 3.5" />
    </Svg>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10 3 5 8l5 5" />
    </Svg>
  );
}

export function ChevronIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m6 3 5 5-5 5" />
    </Svg>
  );
}

export function PersonIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="8" cy="5.5" r="2.75" />
      <path d="M2.75 14a5.25 5.25 0 0 1 10.5 0" />
    </Svg>
  );
}

/** A business or another organisation (a recipient with an organisation number). */
export function BuildingIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 14V2.5h7V14M10 6h3v8M1.75 14h12.5" />
      <path d="M5.25 5h2.5M5.25 7.5h2.5M5.25 10h2.5" />
    </Svg>
  );
}

/** A link or a page of the service that has no icon of its own. */
export function LinkIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6.5 9.5a3 3 0 0 0 4.24 0l2-2a3 3 0 0 0-4.24-4.24l-.75.75" />
      <path d="M9.5 6.5a3 3 0 0 0-4.24 0l-2 2a3 3 0 0 0 4.24 4.24l.75-.75" />
    </Svg>
  );
}

/** An action of the service (something it does, not a page). */
export function ActionIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 1.75 3.5 9H8l-1 5.25L12.5 7H8z" />
    </Svg>
  );
}

export function DocumentIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 1.75h5l3 3v9.5H4z" />
      <path d="M9 1.75v3h3" />
    </Svg>
  );
}

export function WarningIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 2 1.75 13.25h12.5z" />
      <path d="M8 6.5v3M8 11.5v.01" />
    </Svg>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 7.25v4M8 4.75v.01" />
    </Svg>
  );
}

export function HouseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2.5 7.5 8 3l5.5 4.5" />
      <path d="M4 6.5V13h8V6.5" />
      <path d="M6.75 13V9.5h2.5V13" />
    </Svg>
  );
}

export function ArchiveIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="2" y="3" width="12" height="3" rx="0.75" />
      <path d="M3 6v6.5a.5.5 0 0 0 .5.5h9a.5.5 0 0 0 .5-.5V6" />
      <path d="M6.5 8.75h3" />
    </Svg>
  );
}

export function TaxIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 2h5.5L12 4.5V14H4z" />
      <path d="m6 11.5 4-4" />
      <circle cx="6.5" cy="8" r="0.6" />
      <circle cx="9.5" cy="11" r="0.6" />
    </Svg>
  );
}

/** Move: an arrow into a folder's tab. */
export function MoveIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M1.75 5V3.75a1 1 0 0 1 1-1h3l1.5 1.5h5.5a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H2.75a1 1 0 0 1-1-1V11" />
      <path d="M1 8h7M6 5.5 8.5 8 6 10.5" />
    </Svg>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.75 9.5h6.5L12 4M6.75 6.5v4.5M9.25 6.5v4.5" />
    </Svg>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10.5 2.5 13.5 5.5 5.5 13.5H2.5V10.5z M9 4l3 3" />
    </Svg>
  );
}

/** Three dots: the menu of more actions on a row. */
export function MoreIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="3.5" cy="8" r="0.75" />
      <circle cx="8" cy="8" r="0.75" />
      <circle cx="12.5" cy="8" r="0.75" />
    </Svg>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 3v10M3 8h10" />
    </Svg>
  );
}

/** A parcel: a box with its tape across the lid. */
export function ParcelIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2 4.75 8 1.75l6 3v6.5l-6 3-6-3z" />
      <path d="M2 4.75l6 3 6-3M8 7.75v6.5M5 3.25l6 3" />
    </Svg>
  );
}

/** Pay: a banknote with its value in the middle. */
export function PayIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M1.75 4.25h12.5v7.5H1.75z" />
      <circle cx="8" cy="8" r="1.75" />
      <path d="M4 6.25v3.5M12 6.25v3.5" />
    </Svg>
  );
}

/** A signed document: a page with a signature across its foot. */
export function SignatureIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 1.75h5l3 3v9.5H4z" />
      <path d="M9 1.75v3h3" />
      <path d="M5.5 11.25c.75-1.5 1.5-1.5 1.75 0s1 1.25 2.25-.5" />
    </Svg>
  );
}

/** A proof (a licence, a permit): a card with its holder's picture and two lines. */
export function IdCardIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="1.75" y="3.25" width="12.5" height="9.5" rx="1.25" />
      <circle cx="5.5" cy="7" r="1.25" />
      <path d="M3.75 10.5c.4-.9 1-1.35 1.75-1.35s1.35.45 1.75 1.35M9 6.75h3.25M9 9.25h2.25" />
    </Svg>
  );
}

/** A credential: a shield with a tick. */
export function ShieldCheckIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 1.75 13 3.5v4c0 3-2.1 5.2-5 6.75-2.9-1.55-5-3.75-5-6.75v-4z" />
      <path d="m5.75 8 1.5 1.5 3-3" />
    </Svg>
  );
}

/** Done: a tick in a circle (an opening receipt sent). */
export function CheckCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="8" cy="8" r="6.25" />
      <path d="m5.25 8.25 1.75 1.75 3.75-4" />
    </Svg>
  );
}

/** A calendar page: an appointment or an event. */
export function CalendarIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="2.25" y="3" width="11.5" height="10.75" rx="1" />
      <path d="M2.25 6.5h11.5M5.5 1.75v2.5M10.5 1.75v2.5" />
    </Svg>
  );
}

/** Share: an arrow up out of an open box, a request to share documents. */
export function ShareIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5.5 6H4a.5.5 0 0 0-.5.5v7a.5.5 0 0 0 .5.5h8a.5.5 0 0 0 .5-.5v-7A.5.5 0 0 0 12 6h-1.5" />
      <path d="M8 1.75v7.5M5.5 4.25 8 1.75l2.5 2.5" />
    </Svg>
  );
}
