import { formatFullDate, isIsoDate } from './dates.ts';
import { formatAccountNumber, formatMoney, formatOrganisationNumber, formatPhone, safeLocale } from './format.ts';
import { labelFromName } from './labels.ts';
import { formatDays, formatDuration, formatSize } from './units.ts';
import { isObj } from './read-json.ts';
import { t } from '../shared/i18n.ts';

/*
 * What the service's fields mean, in words: a translated label for each field the pages know, and
 * a value as a person reads it (levels, origins and kinds in words; sizes, durations, money and
 * dates by what the field is, through format.ts, units.ts and dates.ts). A field not known still shows, with
 * a label made from its name. Raw names, codes and addresses stay in "All details and links".
 */

/** 'OAUTH_ACCESS_GRANTED' → 'Oauth access granted': a code the viewer has no words for, made readable. */
function wordsFromCode(code: string): string {
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
  // The root's `settings` list names the person's notification choices by these codes.
  NOTIFICATION_EMAIL: 'vf_notification_email',
  NOTIFICATION_SMS: 'vf_notification_sms',
};

/** A code in words: a known one translated, any other made readable. */
export function codeInWords(code: string): string {
  const key = CODE_WORDS[code.toUpperCase()];
  if (key) return t(key);
  if (
    code.startsWith('READ_') ||
    code.startsWith('UPDATE_') ||
    code.startsWith('DELETE_') ||
    code.startsWith('UPLOAD_') ||
    code.startsWith('SEND_')
  ) {
    const permission = t(`permission_${code}`);
    if (permission !== `permission_${code}`) return permission;
  }
  // A short code without words of its own ("NAV") may be a name: it stays as written.
  return code.includes('_') ? wordsFromCode(code) : code;
}

/** The session's numeric level (the root's `authenticationlevel`) in words. */
function levelInWords(level: number): string {
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
  primaryAccount: 'vf_primary_account',
  settings: 'vf_settings',
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

/**
 * The account's e-mail and phone, written twice by the service: plainly (`email`, `phonenumber`)
 * and again with whether each is verified (`extendedEmail`, `extendedPhone`). The main view says
 * each once, plainly; the longer form stays under "All details and links".
 */
const REPEATS: Readonly<Record<string, string>> = { extendedEmail: 'email', extendedPhone: 'phonenumber' };

/** Whether the field says again what a sibling field of the same object already says. */
export function repeatsSibling(key: string, siblings: Readonly<Record<string, unknown>>): boolean {
  const plain = REPEATS[key];
  return plain !== undefined && siblings[plain] !== undefined;
}

export function fieldLabel(key: string): string {
  const messageKey = FIELD_LABELS[key];
  return messageKey ? t(messageKey) : labelFromName(key);
}

/**
 * Fields that are the service's plumbing, not anything a person can use: the form token, the
 * rules its web forms check input by, the login level in the service's own codes (the number is
 * shown in words), the account's role code, a flag for the web app's prompt and storage counters.
 * They stay under "All details and links". A person's own settings (language, notifications,
 * order of letters) are no plumbing: they show.
 */
const INTERNAL_FIELDS: ReadonlySet<string> = new Set([
  'csrfToken',
  'validationRules',
  'authenticationlevelIdporten',
  'role',
  'needsContactInfoVerification',
  'usedStorage',
  'totalAvailableStorage',
  'remainingStampsThisMonth',
]);
/**
 * Names that betray a secret or a machine rule whatever resource carries them: `csrfToken`,
 * `access_token`, `clientSecret`, `emailPattern`. A field named just `token` is the list of
 * connected applications (token_list), which a person reads and manages, so it is not one.
 */
const INTERNAL_NAME = /csrf|secret|validation|regex|pattern|.token$/i;
export function isInternalField(key: string): boolean {
  return INTERNAL_FIELDS.has(key) || INTERNAL_NAME.test(key);
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
export function formatFieldValue(
  key: string,
  value: string | number | boolean | null,
  siblings: Record<string, unknown>,
  locale: string,
): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'number') {
    if (key === 'authenticationlevel') return levelInWords(value);
    if (/size$/i.test(key) || key === 'quota' || /bytes$/i.test(key)) return formatSize(value, locale);
    if (/(^expiresIn$|seconds$|In$)/.test(key)) return formatDuration(value, locale);
    // 0 days is the service's way of saying the setting is off: letters are never archived by it.
    if (key === 'autoArchiveAfterDays') return value > 0 ? t('auto_archive_after', formatDays(value, locale)) : t('auto_archive_never');
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

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/**
 * A postal address as one would write it on an envelope, "Storgata 12B, 0155 OSLO": the
 * account's in the popup and any address a page of the viewer shows.
 */
export function postalAddress(value: unknown): string | undefined {
  if (!isObj(value) || !('street' in value || 'city' in value)) return undefined;
  // The service writes these names in more than one style (house-number, houseNumber).
  const field = (...names: string[]) => text(names.map((name) => value[name]).find((v) => v !== undefined));
  const street = [field('street'), `${field('house-number', 'houseNumber')}${field('house-letter', 'houseLetter')}`]
    .filter((p) => p !== '')
    .join(' ');
  const place = [field('zip-code', 'zipCode', 'postalCode', 'postalcode'), field('city')].filter((p) => p !== '').join(' ');
  const lines = [street, field('additional-addressline', 'additionalAddressline'), place, field('country')].filter((p) => p !== '');
  return lines.length > 0 ? lines.join(', ') : undefined;
}
