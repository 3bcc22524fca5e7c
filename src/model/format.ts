/*
 * Money, and Norwegian phone, organisation and account numbers as people write them (dates are
 * in dates.ts, sizes and durations in units.ts). Each function returns something readable for any
 * input: a value from the service that we cannot format is shown as it came, never as "NaN". An
 * unusable locale tag falls back to the runtime's default rather than throwing.
 */

/** The canonical form of a locale tag, or undefined (the runtime's default) for one Intl refuses. */
export function safeLocale(locale: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(locale)[0];
  } catch {
    return undefined;
  }
}

/** Money in the page's language with its currency: "kr 1 250,00", "NOK 1,250.00". */
export function formatMoney(amount: number, currency: string, locale: string): string {
  if (!Number.isFinite(amount)) return String(amount);
  const tag = safeLocale(locale);
  try {
    if (/^[A-Za-z]{3}$/.test(currency))
      return new Intl.NumberFormat(tag, { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    // An unknown code still shows the amount, below.
  }
  const plain = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return currency.trim() === '' ? plain : `${plain} ${currency}`;
}

/**
 * A Norwegian telephone number as people write it: "+47 912 34 567" for a mobile (4 or 9 first),
 * "+47 22 12 34 56" for others. Any other number is left as the service gave it.
 */
export function formatPhone(phone: string): string {
  const match = /^(\+47|0047)?(\d{8})$/.exec(phone.replace(/[\s-]/g, ''));
  const [, country, digits] = match ?? [];
  if (digits === undefined) return phone;
  const grouped = /^[49]/.test(digits)
    ? `${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`
    : `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}`;
  return country === undefined ? grouped : `+47 ${grouped}`;
}

/** A Norwegian organisation number as written: "958 935 420". Anything else is left as it is. */
export function formatOrganisationNumber(number: string): string {
  const digits = number.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : number;
}

/** A Norwegian bank account number as written: "1503 47 00879". Anything else is left as it is. */
export function formatAccountNumber(number: string): string {
  const digits = number.replace(/[\s.]/g, '');
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}` : number;
}
