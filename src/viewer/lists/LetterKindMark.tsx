import type { JSX } from 'preact';
import type { LetterKind } from '../../model/letter-kind.ts';
import { t } from '../../shared/i18n.ts';
import {
  CalendarIcon,
  HouseIcon,
  IdCardIcon,
  InvoiceIcon,
  ParcelIcon,
  PayIcon,
  ReceiptIcon,
  ShareIcon,
  ShieldCheckIcon,
  SignatureIcon,
} from '../../ui/icons.tsx';

/** Each kind's icon (the one its card on the letter's page carries) and its name in words. */
const MARKS: Readonly<Record<LetterKind, { icon: () => JSX.Element; label: string }>> = {
  parcel: { icon: () => <ParcelIcon class="row-icon" />, label: 'parcel_kind' },
  'debt-collection': { icon: () => <InvoiceIcon class="row-icon" />, label: 'inkasso_kind' },
  receipt: { icon: () => <ReceiptIcon class="row-icon" />, label: 'receipt_kind' },
  payslip: { icon: () => <PayIcon class="row-icon" />, label: 'payslip_kind' },
  signed: { icon: () => <SignatureIcon class="row-icon" />, label: 'signed_kind' },
  proof: { icon: () => <IdCardIcon class="row-icon" />, label: 'proof_kind' },
  residence: { icon: () => <HouseIcon class="row-icon" />, label: 'residence_kind' },
  'share-request': { icon: () => <ShareIcon class="row-icon" />, label: 'list_kind_share' },
  credential: { icon: () => <ShieldCheckIcon class="row-icon" />, label: 'credential_kind' },
  presentation: { icon: () => <ShieldCheckIcon class="row-icon" />, label: 'list_kind_presentation' },
  appointment: { icon: () => <CalendarIcon class="row-icon" />, label: 'appointment_title' },
  event: { icon: () => <CalendarIcon class="row-icon" />, label: 'event_title' },
};

/** A letter's kind beside its subject in a list ("Parcel", "Receipt"), with its card's icon: quiet, as the invoice's facts are. */
export function LetterKindMark(props: { kind: LetterKind | undefined }) {
  if (props.kind === undefined) return null;
  const mark = MARKS[props.kind];
  const label = t(mark.label);
  // In a narrow list the icon alone, its name still heard and shown on hover: the subject keeps the room.
  return (
    <span class="letter-kind" title={label}>
      {mark.icon()}
      <span class="letter-kind-label">{label}</span>
    </span>
  );
}
