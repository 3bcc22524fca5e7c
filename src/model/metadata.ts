import { idText, isObj, num, present, str } from './read-json.ts';

/*
 * A document's metadata (contract §6.2): appointments, events and links the sender attached, and
 * the other types of digipost/digipost-data-types: a parcel to pick up (PickupNotice, its status
 * updated by PickupNoticeStatus), a debt collection (Inkasso), a receipt, a payslip, a signed
 * document, a proof (a licence or permit), a residence (Residence, or Boligdetaljer with its
 * details), a request to share documents (ShareDocumentsRequest, its state updated by
 * ShareDocumentsRequestDocumentsShared and ShareDocumentsRequestSharingStopped), a credential or a
 * request to show one (VerifiableCredentialNotice, VerifiablePresentationNotice) and an opening
 * receipt sent (OpeningReceiptAccepted). Read
 * as the model reads every resource (read-json.ts: a field of the wrong type counts as absent, and
 * pages ship no zod); what a card cannot do without, a time we can read, is checked strictly. An
 * item of a type we do not know, or one whose times are missing or cannot be read, is left out:
 * the rest of the letter is shown as ever. The service's apps match the type ignoring case.
 */

/** A moment with its offset, as the service writes times ("2026-12-03T09:30:00+01:00"). */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function moment(value: unknown): string | undefined {
  return typeof value === 'string' && MOMENT.test(value) && Number.isFinite(Date.parse(value)) ? value : undefined;
}

export interface Interval {
  /** Epoch milliseconds. */
  start: number;
  end?: number;
}

interface InfoText {
  title?: string;
  text?: string;
}

/** What an appointment and an event have in common: both are a card with times, a place and notes. */
export interface CalendarItem {
  kind: 'appointment' | 'event';
  title?: string;
  subTitle?: string;
  times: Interval[];
  /** When to be there: a moment, or the sender's own words ("15 minutes before"). */
  arrival?: { at: number } | { text: string };
  place?: string;
  address?: string;
  description?: string;
  info: InfoText[];
}

export interface ExternalLinkItem {
  kind: 'link';
  url: string;
  description?: string;
  buttonText?: string;
  deadline?: string;
}

/** A link a data type carries (its `link`: an ExternalLink without a type of its own). */
export interface ItemLink {
  url: string;
  description?: string;
  buttonText?: string;
}

/** Where a parcel stands: the service's READY_FOR_PICKUP, PICKED_UP, RETURNED and DEVIATION. */
type ParcelStatus = 'ready' | 'picked-up' | 'returned' | 'deviation';

export interface PickupNoticeItem {
  kind: 'pickup';
  /** Where it waits: the one thing the card cannot do without. */
  place: { name: string; address?: string; pickupCode?: string; instruction?: string; shelf?: string };
  /** Absent when the service says UNKNOWN, nothing, or a status we do not know. */
  status?: ParcelStatus;
  /** When the status came about (a PickupNoticeStatus's `occurrenceDatetime`), a moment with its offset. */
  statusAt?: string;
  parcelId?: string;
  sender?: string;
  /** Moments with their offset, as the service writes them. */
  arrived?: string;
  returnedAfter?: string;
  /** What must be paid on pickup (the cost's `valueToBePayed`), when more than nothing. */
  toPay?: number;
  extraInformation?: string;
  link?: ItemLink;
}

export interface InkassoItem {
  kind: 'inkasso';
  /** The day it falls due, as the sender wrote it (`2026-12-10`). */
  dueDate: string;
  sum?: number;
  account?: string;
  kid?: string;
  link?: ItemLink;
}

export interface ReceiptLine {
  name: string;
  description?: string;
  quantity?: number;
  unit?: string;
  unitPrice?: number;
  total?: number;
  discount?: number;
}

export interface ReceiptPayment {
  /** How it was paid, in the merchant's words ("Bank Axept", "Kontant"). */
  method?: string;
  cardName?: string;
  /** The masked card number, as the receipt gives it. */
  card?: string;
  amount?: number;
}

export interface ReceiptItem {
  kind: 'receipt';
  merchant: string;
  total: number;
  currency: string;
  vat?: number;
  chain?: string;
  address?: string;
  phone?: string;
  /** A moment with its offset. */
  purchased?: string;
  receiptNumber?: string;
  membershipNumber?: string;
  lines: ReceiptLine[];
  payments: ReceiptPayment[];
}

export interface PayslipItem {
  kind: 'payslip';
  /** The day the pay comes (`2026-11-25`). */
  paymentDate?: string;
  netAmount?: number;
}

export interface SignedDocumentItem {
  kind: 'signed';
  /** The subject of the document that was signed ("Leiekontrakt for bolig"). */
  subject: string;
  issuer?: string;
  /** When the person signed it: a moment with its offset. */
  signed: string;
}

/** A day of the year a yearly proof starts or ends on; hour and minute when the issuer gave them. */
export interface DayOfYear {
  month: number;
  day: number;
  hour?: number;
  minute?: number;
}

/** When a proof is valid: from and to (times without an offset, as the issuer wrote them), or every year between two days. */
export type ProofValidity =
  { kind: 'period'; from?: string; to?: string } | { kind: 'yearly'; from: DayOfYear; to: DayOfYear; startYear?: number; endYear?: number };

export interface ProofItem {
  kind: 'proof';
  title: string;
  /** The person it is issued to, "Kari Nordmann". */
  holder?: string;
  issuer?: string;
  /** A moment with its offset. */
  issued?: string;
  valid?: ProofValidity;
  /** What the id is called ("Kortnummer") and its value. */
  idName?: string;
  idValue?: string;
  attributes: InfoText[];
  info: InfoText[];
}

export interface ResidenceSale {
  /** A moment with its offset. */
  date: string;
  description?: string;
  seller?: string;
  buyer?: string;
  amount?: number;
}

interface ResidenceLien {
  holder: string;
  type: string;
  /** A number when the sender wrote one (the type writes it as text). */
  amount?: number;
}

/** What a Boligdetaljer adds to the residence it names. */
interface ResidenceDetails {
  owners: string[];
  /** Square metres (BRA). */
  usableArea?: number;
  rooms?: number;
  bathrooms?: number;
  organisationNumber?: string;
  /** The unit's number in a housing cooperative or a building (bruksenhet). */
  unit?: string;
  shareNumber?: string;
  sales: ResidenceSale[];
  liens: ResidenceLien[];
  link?: ItemLink & { deadline?: string };
}

export interface ResidenceItem {
  kind: 'residence';
  /** "Storgata 12B, 0155 Oslo". */
  address: string;
  /** The flat's number in its building (bolignummer, "H0304"). */
  flat?: string;
  /** The property's number in the cadastre, as Norwegians write it: "0301-208/630/0/14". */
  cadastre?: string;
  details?: ResidenceDetails;
}

/** Where a request to share documents stands: not answered yet, documents shared, or sharing stopped. */
type ShareState = 'open' | 'shared' | 'stopped';

export interface ShareRequestItem {
  kind: 'share-request';
  purpose: string;
  /** How long the sender may see what is shared, in seconds. */
  maxDuration?: number;
  /** The organisation numbers whose letters may be shared. */
  organisations: string[];
  state: ShareState;
  /** How many documents were shared, when the service said. */
  sharedCount?: number;
}

export interface CredentialItem {
  /** A credential issued to the person, or a request to show one. */
  kind: 'credential' | 'presentation';
  title?: string;
  description?: string;
}

interface OpeningReceiptItem {
  kind: 'opening-receipt';
}

export type MetadataItem =
  | CalendarItem
  | ExternalLinkItem
  | PickupNoticeItem
  | InkassoItem
  | ReceiptItem
  | PayslipItem
  | SignedDocumentItem
  | ProofItem
  | ResidenceItem
  | ShareRequestItem
  | CredentialItem
  | OpeningReceiptItem;

function words(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function addressText(value: unknown): string | undefined {
  if (!isObj(value)) return undefined;
  const town = [words(str(value.postalCode)), words(str(value.city))].filter(Boolean).join(' ');
  return words([words(str(value.streetAddress)), words(str(value.streetAddress2)), town].filter(Boolean).join(', '));
}

function infoOf(value: unknown): InfoText[] {
  return (Array.isArray(value) ? value : [])
    .filter(isObj)
    .map((item) => ({ title: words(str(item.title)), text: words(str(item.text)) }))
    .filter((item) => item.title !== undefined || item.text !== undefined)
    .map((item) => present(item));
}

/** An interval whose end, when given, is not before its start; anything else is not a time we can show. */
function interval(raw: Record<string, unknown>): Interval | undefined {
  const start = moment(raw.startTime);
  if (start === undefined) return undefined;
  const from = Date.parse(start);
  if (raw.endTime === undefined || raw.endTime === null) return { start: from };
  const end = moment(raw.endTime);
  const to = end === undefined ? Number.NaN : Date.parse(end);
  return to >= from ? { start: from, end: to } : undefined;
}

function appointmentOf(raw: Record<string, unknown>): CalendarItem | undefined {
  const time = interval(raw);
  if (!time) return undefined;
  const arrival = words(str(raw.arrivalTime));
  return {
    kind: 'appointment',
    times: [time],
    info: infoOf(raw.info),
    ...present({
      title: words(str(raw.title)),
      subTitle: words(str(raw.subTitle)),
      arrival: arrival === undefined ? undefined : moment(arrival) !== undefined ? { at: Date.parse(arrival) } : { text: arrival },
      place: words(str(raw.place)),
      address: addressText(raw.address),
    }),
  };
}

function eventOf(raw: Record<string, unknown>): CalendarItem | undefined {
  // A time that cannot be read is left out; an event with none left is not shown at all.
  const times = (Array.isArray(raw.time) ? raw.time : []).flatMap((item) => {
    const readable = isObj(item) ? interval(item) : undefined;
    return readable ? [readable] : [];
  });
  if (times.length === 0) return undefined;
  return {
    kind: 'event',
    times,
    info: infoOf(raw.info),
    ...present({
      title: words(str(raw.title)),
      subTitle: words(str(raw.subTitle)),
      place: words(str(raw.place)),
      address: addressText(raw.address),
      description: words(str(raw.description)),
    }),
  };
}

function externalLinkOf(raw: Record<string, unknown>): ExternalLinkItem | undefined {
  const url = str(raw.url);
  if (url === undefined) return undefined;
  return {
    kind: 'link',
    url,
    ...present({ description: words(str(raw.description)), buttonText: words(str(raw.buttonText)), deadline: words(str(raw.deadline)) }),
  };
}

/** A calendar day: one as written (`2026-12-10`), or the day a moment falls on where the sender wrote it. */
function calendarDay(value: unknown): string | undefined {
  const text = str(value);
  if (text === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : moment(text)?.slice(0, 10);
  return day !== undefined && Number.isFinite(Date.parse(`${day}T12:00:00Z`)) ? day : undefined;
}

/** An amount that is not below nothing; the mapper writes BigDecimal as a number. */
function amount(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && n >= 0 ? n : undefined;
}

function linkOf(value: unknown): ItemLink | undefined {
  if (!isObj(value)) return undefined;
  const url = words(str(value.url));
  return url === undefined
    ? undefined
    : { url, ...present({ description: words(str(value.description)), buttonText: words(str(value.buttonText)) }) };
}

const PARCEL_STATUS: Readonly<Record<string, ParcelStatus>> = {
  READY_FOR_PICKUP: 'ready',
  PICKED_UP: 'picked-up',
  RETURNED: 'returned',
  DEVIATION: 'deviation',
};

function parcelStatus(value: unknown): ParcelStatus | undefined {
  const code = str(value);
  return code === undefined ? undefined : PARCEL_STATUS[code.toUpperCase()];
}

function pickupNoticeOf(raw: Record<string, unknown>): PickupNoticeItem | undefined {
  const place = isObj(raw.pickupPlace) ? raw.pickupPlace : undefined;
  const name = words(str(place?.name));
  if (place === undefined || name === undefined) return undefined;
  const sender = isObj(raw.sender) ? words(str(raw.sender.name)) : undefined;
  const toPay = isObj(raw.cost) ? amount(raw.cost.valueToBePayed) : undefined;
  return {
    kind: 'pickup',
    place: {
      name,
      ...present({
        address: addressText(place.address),
        pickupCode: words(str(place.code)),
        instruction: words(str(place.instruction)),
        shelf: words(str(place.shelfLocation)),
      }),
    },
    ...present({
      status: parcelStatus(raw.status),
      parcelId: words(str(raw.parcelId)),
      sender,
      arrived: moment(raw.arrivalDateTime),
      returnedAfter: moment(raw.returnDateTime),
      toPay: toPay !== undefined && toPay > 0 ? toPay : undefined,
      extraInformation: words(str(raw.extraInformation)),
      link: linkOf(raw.link),
    }),
  };
}

function inkassoOf(raw: Record<string, unknown>): InkassoItem | undefined {
  const dueDate = calendarDay(raw.dueDate);
  if (dueDate === undefined) return undefined;
  return {
    kind: 'inkasso',
    dueDate,
    ...present({ sum: amount(raw.sum), account: words(str(raw.account)), kid: words(str(raw.kid)), link: linkOf(raw.link) }),
  };
}

function receiptLines(value: unknown): ReceiptLine[] {
  return (Array.isArray(value) ? value : []).filter(isObj).flatMap((line) => {
    const name = words(str(line.itemName));
    if (name === undefined) return [];
    const quantity = num(line.quantity);
    const discount = amount(line.discount);
    return [
      {
        name,
        ...present({
          description: words(str(line.itemDescription)),
          quantity: quantity !== undefined && quantity > 0 ? quantity : undefined,
          unit: words(str(line.unit)),
          unitPrice: amount(line.itemPrice),
          total: num(line.totalPrice),
          discount: discount !== undefined && discount > 0 ? discount : undefined,
        }),
      },
    ];
  });
}

function receiptPayments(value: unknown): ReceiptPayment[] {
  return (Array.isArray(value) ? value : [])
    .filter(isObj)
    .map((payment) =>
      present({
        method: words(str(payment.type)),
        cardName: words(str(payment.cardName)),
        card: words(str(payment.cardNumber)),
        amount: num(payment.amount),
      }),
    )
    .filter((payment) => Object.keys(payment).length > 0);
}

function receiptOf(raw: Record<string, unknown>): ReceiptItem | undefined {
  const merchant = words(str(raw.merchantName));
  const total = num(raw.totalPrice);
  if (merchant === undefined || total === undefined) return undefined;
  const currency = words(str(raw.currencyCode));
  const chain = words(str(raw.merchantChain));
  return {
    kind: 'receipt',
    merchant,
    total,
    currency: currency !== undefined && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'NOK',
    lines: receiptLines(raw.items),
    payments: receiptPayments(raw.payments),
    ...present({
      vat: amount(raw.totalVat),
      // A chain given as an id (the readme's example is a UUID) is no name to show.
      chain: chain !== undefined && chain !== merchant && !/^[0-9A-F-]{32,36}$/i.test(chain) ? chain : undefined,
      address: addressText(raw.merchantAddress),
      phone: words(str(raw.merchantPhoneNumber)),
      purchased: moment(raw.purchaseTime),
      receiptNumber: words(str(raw.receiptNumber)),
      membershipNumber: words(str(raw.membershipNumber)),
    }),
  };
}

function payslipOf(raw: Record<string, unknown>): PayslipItem | undefined {
  const item = present({ paymentDate: calendarDay(raw.paymentDate), netAmount: num(raw.netAmount) });
  return Object.keys(item).length === 0 ? undefined : { kind: 'payslip', ...item };
}

function signedDocumentOf(raw: Record<string, unknown>): SignedDocumentItem | undefined {
  const subject = words(str(raw.documentSubject));
  const signed = moment(raw.signingTime);
  if (subject === undefined || signed === undefined) return undefined;
  return { kind: 'signed', subject, signed, ...present({ issuer: words(str(raw.documentIssuer)) }) };
}

/** A time without an offset, as a proof's period writes it (LocalDateTime): "2026-11-01T00:00:00". */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

function localTime(value: unknown): string | undefined {
  return typeof value === 'string' && LOCAL_TIME.test(value) && Number.isFinite(Date.parse(value)) ? value : undefined;
}

/** A whole number from `min` to `max`. */
function whole(value: unknown, min: number, max: number): number | undefined {
  const n = num(value);
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

function dayOfYear(value: unknown): DayOfYear | undefined {
  if (!isObj(value)) return undefined;
  const month = whole(value.month, 1, 12);
  const day = whole(value.day, 1, 31);
  if (month === undefined || day === undefined) return undefined;
  // A day the month never has (30 February) is no day to show.
  if (day > new Date(Date.UTC(2000, month, 0)).getUTCDate()) return undefined;
  return { month, day, ...present({ hour: whole(value.hour, 0, 23), minute: whole(value.min, 0, 59) }) };
}

function validityOf(value: unknown): ProofValidity | undefined {
  if (!isObj(value)) return undefined;
  if (isObj(value.period)) {
    const from = localTime(value.period.from);
    const to = localTime(value.period.to);
    if (from === undefined && to === undefined) return undefined;
    // An end before its start is not a period we can show.
    if (from !== undefined && to !== undefined && Date.parse(to) < Date.parse(from)) return undefined;
    return { kind: 'period', ...present({ from, to }) };
  }
  if (isObj(value.yearlyRepeatingPeriod)) {
    const yearly = value.yearlyRepeatingPeriod;
    const from = dayOfYear(yearly.from);
    const to = dayOfYear(yearly.to);
    if (from === undefined || to === undefined) return undefined;
    const startYear = whole(yearly.startYear, 1, 9999);
    const endYear = whole(yearly.endYear, 1, 9999);
    return {
      kind: 'yearly',
      from,
      to,
      ...present({ startYear, endYear: endYear !== undefined && (startYear === undefined || endYear >= startYear) ? endYear : undefined }),
    };
  }
  return undefined;
}

function proofOf(raw: Record<string, unknown>): ProofItem | undefined {
  const title = words(str(raw.title));
  if (title === undefined) return undefined;
  const holder = isObj(raw.proofHolder)
    ? words([words(str(raw.proofHolder.firstName)), words(str(raw.proofHolder.surname))].filter(Boolean).join(' '))
    : undefined;
  return {
    kind: 'proof',
    title,
    attributes: infoOf(raw.attribute),
    info: infoOf(raw.info),
    ...present({
      holder,
      issuer: words(str(raw.authorizerName)),
      issued: moment(raw.issuedTime),
      valid: validityOf(raw.validPeriod),
      idName: words(str(raw.proofIdName)),
      idValue: words(str(raw.proofIdValue)),
    }),
  };
}

function residenceAddress(value: unknown): { address: string; flat?: string } | undefined {
  if (!isObj(value)) return undefined;
  const street = [words(str(value.streetName)), words(str(value.houseNumber))].filter(Boolean).join(' ');
  const town = [words(str(value.postalCode)), words(str(value.city))].filter(Boolean).join(' ');
  const address = words([street, town].filter((part) => part !== '').join(', '));
  return address === undefined ? undefined : { address, ...present({ flat: words(str(value.unitNumber)) }) };
}

/** "0301-208/630", with the lease and section numbers when given ("0301-208/630/0/14"). */
function cadastreOf(value: unknown): string | undefined {
  if (!isObj(value)) return undefined;
  const part = (field: unknown) => {
    const text = words(str(field));
    return text !== undefined && /^\d{1,5}$/.test(text) ? text : undefined;
  };
  const [municipality, farm, holding] = [part(value.kommunenummer), part(value.gaardsnummer), part(value.bruksnummer)];
  if (municipality === undefined || farm === undefined || holding === undefined) return undefined;
  const lease = part(value.festenummer);
  const section = part(value.seksjonsnummer);
  const tail = section !== undefined ? `/${lease ?? '0'}/${section}` : lease !== undefined ? `/${lease}` : '';
  return `${municipality}-${farm}/${holding}${tail}`;
}

function residenceOf(raw: Record<string, unknown>): ResidenceItem | undefined {
  const where = residenceAddress(raw.address);
  if (where === undefined) return undefined;
  return { kind: 'residence', ...where, ...present({ cadastre: cadastreOf(raw.matrikkel) }) };
}

function boligdetaljerOf(raw: Record<string, unknown>): ResidenceItem | undefined {
  const residence = isObj(raw.residence) ? residenceOf(raw.residence) : undefined;
  if (residence === undefined) return undefined;
  const list = (value: unknown) => (Array.isArray(value) ? value : []).filter(isObj);
  const count = (value: unknown) => whole(value, 0, 100_000);
  const sales = list(raw.omsetningshistorikk).flatMap((sale) => {
    const date = moment(sale.dato);
    if (date === undefined) return [];
    return [
      {
        date,
        ...present({
          description: words(str(sale.beskrivelse)),
          seller: words(str(sale.selger)),
          buyer: words(str(sale.kjoeper)),
          amount: amount(sale.beloep),
        }),
      },
    ];
  });
  const liens = list(raw.heftelser).flatMap((lien) => {
    const holder = words(str(lien.panthaver));
    const type = words(str(lien.typePant));
    if (holder === undefined || type === undefined) return [];
    const sum = words(str(lien.beloep));
    return [{ holder, type, ...present({ amount: sum !== undefined && /^\d+(\.\d+)?$/.test(sum) ? Number(sum) : undefined }) }];
  });
  const link = linkOf(raw.callToAction);
  const deadline = isObj(raw.callToAction) ? moment(raw.callToAction.deadline) : undefined;
  return {
    ...residence,
    details: {
      owners: list(raw.hjemmelshavere).flatMap((owner) => {
        const name = words(str(owner.name));
        return name === undefined ? [] : [name];
      }),
      sales,
      liens,
      ...present({
        usableArea: count(raw.bruksareal),
        rooms: count(raw.antallOppholdsrom),
        bathrooms: count(raw.antallBaderom),
        organisationNumber: words(str(raw.organisasjonsnummer)),
        unit: words(str(raw.bruksenhet)),
        shareNumber: words(str(raw.andelsnummer)),
        link: link === undefined ? undefined : { ...link, ...present({ deadline }) },
      }),
    },
  };
}

function shareRequestOf(raw: Record<string, unknown>): ShareRequestItem | undefined {
  const purpose = words(str(raw.purpose));
  if (purpose === undefined) return undefined;
  const duration = num(raw.maxShareDurationSeconds);
  const organisations = (Array.isArray(raw.allowedOriginOrganisationNumbers) ? raw.allowedOriginOrganisationNumbers : []).flatMap(
    (value: unknown) => {
      const text = words(str(value));
      return text === undefined ? [] : [text];
    },
  );
  return {
    kind: 'share-request',
    purpose,
    organisations,
    state: 'open',
    ...present({ maxDuration: duration !== undefined && duration > 0 ? duration : undefined }),
  };
}

function credentialOf(kind: CredentialItem['kind'], raw: Record<string, unknown>): CredentialItem | undefined {
  const item = present({ title: words(str(raw.title)), description: words(str(raw.description)) });
  return Object.keys(item).length === 0 ? undefined : { kind, ...item };
}

type Reader = (raw: Record<string, unknown>) => MetadataItem | undefined;

/** Every type a letter's page draws, by its simple name in lower case. */
const READERS: Readonly<Record<string, Reader>> = {
  appointment: appointmentOf,
  event: eventOf,
  externallink: externalLinkOf,
  pickupnotice: pickupNoticeOf,
  inkasso: inkassoOf,
  receipt: receiptOf,
  payslip: payslipOf,
  signeddocument: signedDocumentOf,
  proof: proofOf,
  residence: residenceOf,
  boligdetaljer: boligdetaljerOf,
  sharedocumentsrequest: shareRequestOf,
  verifiablecredentialnotice: (raw) => credentialOf('credential', raw),
  verifiablepresentationnotice: (raw) => credentialOf('presentation', raw),
  openingreceiptaccepted: () => ({ kind: 'opening-receipt' }),
};

/**
 * The newest PickupNoticeStatus of a list (by its time; the later in the list when times tie or
 * are missing): what the service says of the parcel since the notice was written.
 */
function latestParcelStatus(list: readonly unknown[]): { status: ParcelStatus; at?: string } | undefined {
  let latest: { status: ParcelStatus; at?: string } | undefined;
  for (const raw of list) {
    if (!isObj(raw) || str(raw.type)?.toLowerCase() !== 'pickupnoticestatus') continue;
    const status = parcelStatus(raw.status);
    if (status === undefined) continue;
    const at = moment(raw.occurrenceDatetime);
    const before = latest?.at === undefined ? undefined : Date.parse(latest.at);
    if (latest === undefined || at === undefined || before === undefined || Date.parse(at) >= before)
      latest = { status, ...present({ at }) };
  }
  return latest;
}

/**
 * What the service says of a request to share since it was written: documents shared
 * (ShareDocumentsRequestDocumentsShared, with how many) or sharing stopped
 * (ShareDocumentsRequestSharingStopped). They carry no time: the later in the list says how it stands.
 */
function shareUpdate(list: readonly unknown[]): { state: ShareState; sharedCount?: number } | undefined {
  let update: { state: ShareState; sharedCount?: number } | undefined;
  for (const raw of list) {
    const type = isObj(raw) ? str(raw.type)?.toLowerCase() : undefined;
    if (type === 'sharedocumentsrequestdocumentsshared' && isObj(raw)) {
      const ids = Array.isArray(raw.documentIds) ? raw.documentIds.filter((id) => idText(id) !== undefined).length : 0;
      const sharedCount = (update?.sharedCount ?? 0) + ids;
      update = { state: 'shared', ...present({ sharedCount: sharedCount > 0 ? sharedCount : undefined }) };
    } else if (type === 'sharedocumentsrequestsharingstopped') {
      update = { state: 'stopped', ...present({ sharedCount: update?.sharedCount }) };
    }
  }
  return update;
}

/** The items of `list` that `readerOf` reads, in the sender's order, a parcel with its newest status. */
function itemsOf(list: readonly unknown[], readerOf: (type: string) => Reader | undefined): MetadataItem[] {
  const update = latestParcelStatus(list);
  return list.flatMap((raw): MetadataItem[] => {
    const type = isObj(raw) ? str(raw.type) : undefined;
    const read = type === undefined ? undefined : readerOf(type.toLowerCase());
    const item = isObj(raw) ? read?.(raw) : undefined;
    if (item?.kind === 'pickup' && update !== undefined) return [{ ...item, status: update.status, ...present({ statusAt: update.at }) }];
    return item ? [item] : [];
  });
}

function listOf(attachment: unknown): readonly unknown[] {
  const list = isObj(attachment) ? attachment.metadata : undefined;
  return Array.isArray(list) ? list : [];
}

/** A table's own reader of a type: a type named "constructor" or "toString" is no reader of the table's prototype. */
const ownReader = (table: Readonly<Record<string, Reader>>, type: string): Reader | undefined =>
  Object.hasOwn(table, type) ? table[type] : undefined;

/** The items of an attachment's `metadata` this extension understands, in the sender's order. */
export function metadataOf(attachment: unknown): MetadataItem[] {
  const list = listOf(attachment);
  const shared = shareUpdate(list);
  const items = itemsOf(list, (type) => ownReader(READERS, type)).map((item) =>
    item.kind === 'share-request' && shared !== undefined ? { ...item, ...shared } : item,
  );
  // A residence told twice (its Residence, and a Boligdetaljer of the same address) is one card, with
  // the details; one opening receipt sent is said once.
  const detailed = new Set(items.flatMap((item) => (item.kind === 'residence' && item.details ? [item.address] : [])));
  return items.filter(
    (item, index) =>
      !(item.kind === 'residence' && item.details === undefined && detailed.has(item.address)) &&
      !(item.kind === 'opening-receipt' && items.findIndex((other) => other.kind === 'opening-receipt') !== index),
  );
}

/*
 * What the popup's list of what needs the person reads (issue #46 point 3), apart from the cards
 * above: the items that may ask something of the person, read as metadataOf reads them but
 * without the readers of the rest (receipts, payslips…), which the worker, which decides the list,
 * would otherwise carry for nothing; and whether a request to share documents is still open.
 */

/** The readers of the items that can ask something of the person: a time, a place to fetch, a sum due, a deadline. */
const ASKING_READERS: Readonly<Record<string, Reader>> = {
  appointment: appointmentOf,
  event: eventOf,
  externallink: externalLinkOf,
  pickupnotice: pickupNoticeOf,
  inkasso: inkassoOf,
};

/** metadataOf's items of the kinds in ASKING_READERS only, read as it reads them (the parcel with its newest status). */
export function askingItemsOf(attachment: unknown): MetadataItem[] {
  return itemsOf(listOf(attachment), (type) => ownReader(ASKING_READERS, type));
}

/*
 * A request to share documents: whether the sender's ShareDocumentsRequest is still open.
 * The service adds ShareDocumentsRequestDocumentsShared once the person shared, and
 * ShareDocumentsRequestSharingStopped once the sharing ended; a stopped request asks nothing more.
 */

/** Where a request to share documents stands: asked and not answered, shared, or stopped. */
export type ShareRequestState = 'asked' | 'shared' | 'stopped';

/** The state of the attachment's request to share documents, or undefined when it carries none. */
export function shareRequestStateOf(attachment: unknown): ShareRequestState | undefined {
  const list = isObj(attachment) ? attachment.metadata : undefined;
  if (!Array.isArray(list)) return undefined;
  const types = new Set(list.map((raw) => (isObj(raw) ? str(raw.type)?.toLowerCase() : undefined)));
  if (!types.has('sharedocumentsrequest')) return undefined;
  if (types.has('sharedocumentsrequestsharingstopped')) return 'stopped';
  return types.has('sharedocumentsrequestdocumentsshared') ? 'shared' : 'asked';
}
