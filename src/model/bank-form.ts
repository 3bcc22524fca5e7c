/*
 * An invoice's facts as a Norwegian bank's payment form takes them (contract §6.1): the account
 * number and KID as digits only (a form refuses the spaces and dots people write), the amount with
 * a decimal point and two decimals whatever the page's language ("1234.50", never "1 234,50").
 * Undefined where there is nothing a form would take, so no copy button offers an empty value.
 */

/** The digits of an account number or KID; undefined when it has none, or has letters a form would refuse. */
export function formDigits(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  // Spaces, dots and hyphens are how people group digits; anything else means this is not a number.
  if (!/^[0-9 .-]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/[^0-9]/g, '');
  return digits === '' ? undefined : digits;
}

/** An amount in kroner as a form takes it: "1234.50". Undefined for a negative or unreadable amount. */
export function formAmount(amount: number | undefined): string | undefined {
  if (amount === undefined || !Number.isFinite(amount) || amount < 0) return undefined;
  // Whole øre, rounded once: 0.1 + 0.2 kroner is 0.30, not 0.30000000000000004.
  const ore = Math.round(amount * 100);
  return `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
}
