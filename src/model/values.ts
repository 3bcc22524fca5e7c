import { DATE_ONLY, formatAccountNumber, formatMoney, formatOrganisationNumber, formatPhone, safeLocale } from './format.ts';
import { labelFromName } from './labels.ts';
import { t } from '../shared/i18n.ts';

/*
 * How the viewer says what the service's fields mean: a translated label for each field it knows,
 * and a value in words (levels, origins, kinds), in units (sizes, durations), as money or as a
 * date in the page's language and the browser's time zone. A field it does not know still shows,
 * with a label made from its name. Raw names, codes and addresses stay in "All details and links".
 */

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function isIsoDate(value: string): boolean {
  return DATE_ONLY.test(value) || ISO_DATE_TIME.test(value);
}

/** A letter page's date: "Monday 10 November 2025 at 14:05", in the browser's time zone. */
export function formatFullDate(iso: string, locale: string): string {
  const dateOnly = DATE_ONLY.test(iso);
  const at = Date.parse(dateOnly ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(at)) return iso;
  const options: Intl.DateTimeFormatOptions = dateOnly ? { dateStyle: 'full', timeZone: 'UTC' } : { dateStyle: 'full', timeStyle: 'short' };
  return new Intl.DateTimeFormat(safeLocale(locale), options).format(at);
}

/** A calendar day without time: "10 Nov 2025" (due dates). */
export function formatDay(iso: string, locale: string): string {
  const dateOnly = DATE_ONLY.test(iso);
  const at = Date.parse(dateOnly ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(at)) return iso;
  return new Intl.DateTimeFormat(safeLocale(locale), { dateStyle: 'medium', ...(dateOnly ? { timeZone: 'UTC' } : {}) }).format(at);
}

/** "1 byte", "188 bytes", "1.2 kB", "3.4 MB": powers of 1024, as file managers show them. */
export function formatSize(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return String(bytes);
  const tag = safeLocale(locale);
  if (bytes < 1024) return t(bytes === 1 ? 'size_byte_one' : 'size_bytes', new Intl.NumberFormat(tag).format(bytes));
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(tag, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value)} ${units[unit] ?? 'kB'}`;
}

function unitText(value: number, unit: 'day' | 'hour' | 'minute' | 'second', locale: string): string {
  return new Intl.NumberFormat(safeLocale(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** Seconds as "14 minutes 54 seconds", "2 hours 5 minutes", "3 days": the two largest units. */
export function formatDuration(seconds: number, locale: string): string {
  if (!Number.isFinite(seconds) || seconds < 0) return String(seconds);
  const whole = Math.round(seconds);
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
    [Math.floor(whole / 86_400), 'day'],
    [Math.floor((whole % 86_400) / 3600), 'hour'],
    [Math.floor((whole % 3600) / 60), 'minute'],
    [whole % 60, 'second'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return unitText(0, 'second', locale);
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => unitText(n, unit, locale))
    .join(' ');
}

export function formatDays(days: number, locale: string): string {
  return Number.isFinite(days) ? unitText(days, 'day', locale) : String(days);
}

/** 'OAUTH_ACCESS_GRANTED' → 'Oauth access granted': a code the viewer has no words for, made readable. */
export function wordsFromCode(code: string): string {
  return labelFromName(code.toLowerCase());
}

const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

export function isCode(value: string): boolean {
  return CODE.test(value) && value.length > 1;
}

/** Enumerated values the viewer puts in words; each maps to a message key. */
const CODE_WORDS: Readonly<Record<string, string>> = {
  PASSWORD: 'auth_password',
  TWO_FACTOR: 'auth_two_factor',
  IDPORTEN_3: 'auth_idporten_3',
  IDPORTEN_4: 'auth_idporten_4',
  CORPORATION: 'origin_corporation',
  PUBLIC_ENTITY: 'origin_public_entity',
  PRIVATE_PERSON: 'origin_private_person',
  UPLOADED: 'origin_uploaded',
  LETTER: 'letter_type_letter',
  INVOICE: 'letter_type_invoice',
  RECEIPT: 'kind_receipt',
  INBOX: 'location_inbox',
  FOLDER: 'location_folder',
  ARCHIVE: 'location_archive',
  WORKAREA: 'location_workarea',
  NEWEST_FIRST: 'order_newest_first',
  OLDEST_FIRST: 'order_oldest_first',
  OAUTH_ACCESS_GRANTED: 'event_oauth_access_granted',
};

/** A code in words: a known one translated, any other made readable. */
export function codeInWords(code: string): string {
  const key = CODE_WORDS[code.toUpperCase()];
  if (key) return t(key);
  if (code.startsWith('READ_') || code.startsWith('UPDATE_') || code.startsWith('DELETE_') || code.startsWith('UPLOAD_') || code.startsWith('SEND_')) {
    const permission = t(`permission_${code}`);
    if (permission !== `permission_${code}`) return permission;
  }
  // A short code without words of its own ("NAV") may be a name: it stays as written.
  return code.includes('_') ? wordsFromCode(code) : code;
}

/** The session's numeric level (the root's `authenticationlevel`) in words. */
export function levelInWords(level: number): string {
  if (level <= 2) return t('auth_password');
  if (level === 3) return t('auth_idporten_3');
  return t('auth_idporten_4');
}

/** Field names with a translated label (`vf_*` or a shared key). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  fullName: 'vf_full_name',
  firstName: 'vf_first_name',
  middleName: 'vf_middle_name',
  lastName: 'vf_last_name',
  name: 'vf_name',
  email: 'field_email',
  extendedEmail: 'field_email',
  phonenumber: 'field_phone',
  extendedPhone: 'field_phone',
  address: 'field_address',
  digipostaddress: 'field_digipostaddress',
  personalidentificationnumberObfuscated: 'field_identity_number',
  organisationNumber: 'vf_organisation_number',
  notificationEmail: 'vf_notification_email',
  notificationSms: 'vf_notification_sms',
  language: 'vf_language',
  sortOrder: 'vf_sort_order',
  autoArchiveAfterDays: 'vf_auto_archive',
  authenticationlevel: 'field_auth_level',
  'authentication-level': 'field_auth_level',
  expiresIn: 'vf_expires_in',
  scope: 'vf_permissions',
  type: 'letter_type',
  time: 'vf_time',
  description: 'vf_description',
  application: 'vf_application',
  created: 'vf_created',
  subject: 'vf_subject',
  creatorName: 'letter_from',
  origin: 'vf_origin',
  location: 'vf_location',
  fileType: 'vf_file_type',
  fileSize: 'vf_size',
  read: 'vf_read',
  confidential: 'vf_confidential',
  storeName: 'receipt_store',
  amount: 'receipt_amount',
  currency: 'vf_currency',
  timeOfPurchase: 'receipt_time',
  dueDate: 'vf_due_date',
  paid: 'vf_paid',
  kid: 'invoice_kid_label',
  accountNumber: 'invoice_account_label',
  street: 'vf_street',
  houseNumber: 'vf_house_number',
  houseLetter: 'vf_house_letter',
  postalCode: 'vf_postal_code',
  postalcode: 'vf_postal_code',
  city: 'vf_city',
  country: 'vf_country',
  countryCode: 'vf_country_code',
  verified: 'vf_verified',
  primary: 'vf_primary',
  unreadItemsInInbox: 'vf_unread',
  owner: 'vf_owner',
  mainDocument: 'vf_main_document',
  id: 'vf_id',
};

export function fieldLabel(key: string): string {
  const messageKey = FIELD_LABELS[key];
  return messageKey ? t(messageKey) : labelFromName(key);
}

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Addresses are the service's plumbing: never in the main view. */
export function isAddress(value: unknown): boolean {
  return typeof value === 'string' && URL_LIKE.test(value.trim());
}

function languageName(code: string, locale: string): string | undefined {
  try {
    const name = new Intl.DisplayNames([safeLocale(locale) ?? 'en'], { type: 'language' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A scalar field's value as a person reads it. `siblings` is the object the field is in, for a
 * value that needs another (an amount and its currency).
 */
export function formatFieldValue(key: string, value: string | number | boolean | null, siblings: Record<string, unknown>, locale: string): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'number') {
    if (key === 'authenticationlevel') return levelInWords(value);
    if (/size$/i.test(key) || key === 'quota' || /bytes$/i.test(key)) return formatSize(value, locale);
    if (/(^expiresIn$|seconds$|In$)/.test(key)) return formatDuration(value, locale);
    if (/days$/i.test(key)) return formatDays(value, locale);
    if (/amount$/i.test(key) || key === 'price' || key === 'total') {
      const currency = typeof siblings.currency === 'string' ? siblings.currency : 'NOK';
      return formatMoney(value, currency, locale);
    }
    if (/^organi[sz]ationNumber$/i.test(key)) return formatOrganisationNumber(String(value));
    if (/(^id$|number$|Number$|code$)/i.test(key)) return String(value);
    return new Intl.NumberFormat(safeLocale(locale)).format(value);
  }
  if (key === 'currency') return value;
  if (key === 'phonenumber' || key === 'phone') return formatPhone(value);
  if (/^organi[sz]ationNumber$/i.test(key)) return formatOrganisationNumber(value);
  if (key === 'accountNumber') return formatAccountNumber(value);
  if (key === 'language') return languageName(value, locale) ?? value;
  if (key === 'fileType') return value.toUpperCase();
  if (isIsoDate(value)) return formatFullDate(value, locale);
  if (isCode(value)) return codeInWords(value);
  return value;
}
