import { findLink } from '../api/relation-name.ts';
import type { Link } from '../api/schemas.ts';
import { idText, isObj, linksOf, num, present, str } from './read-json.ts';

export interface ReceiptRow {
  key: string;
  storeName: string;
  amount?: number;
  currency: string;
  time?: string;
  self?: Link;
}

export function receiptsOf(data: unknown): ReceiptRow[] {
  if (!isObj(data) || !Array.isArray(data.receipt)) return [];
  return data.receipt.map((item, index) => {
    const receipt = isObj(item) ? item : {};
    const self = findLink(linksOf(receipt), 'self');
    const id = idText(receipt.id);
    const row: ReceiptRow = {
      key: self?.uri ?? (id !== undefined ? `id:${id}` : `#${index}`),
      storeName: str(receipt.storeName) ?? '',
      currency: str(receipt.currency) ?? '',
      ...present({ amount: num(receipt.amount), time: str(receipt.timeOfPurchase), self }),
    };
    return row;
  });
}

export interface ReceiptInfo {
  storeName: string;
  /** The chain the store belongs to, when the service names one. */
  chain?: string;
  amount?: number;
  currency: string;
  time?: string;
  /** The card paid with, as the service writes it (masked by the service). */
  card?: string;
}

/**
 * A single receipt (`{storeName, amount, currency, timeOfPurchase, card, franchiceName, ...}`,
 * src/api/service-contract.md §6), or undefined for anything else.
 */
export function receiptOf(data: unknown): ReceiptInfo | undefined {
  if (!isObj(data) || (typeof data.storeName !== 'string' && typeof data.timeOfPurchase !== 'string')) return undefined;
  const cards = Array.isArray(data.card) ? data.card : [];
  const storeName = str(data.storeName) ?? '';
  // The service spells it `franchiceName`; a chain that is the store's own name says nothing new.
  const chain = str(data.franchiceName)?.trim();
  return {
    storeName,
    currency: str(data.currency) ?? '',
    ...present({
      amount: num(data.amount),
      time: str(data.timeOfPurchase),
      chain: chain && chain !== storeName.trim() ? chain : undefined,
      card: cardText(cards.map(str).find((card) => card !== undefined && card.trim() !== '')),
    }),
  };
}

/**
 * A masked card number as people write it: `************4821` or `**** **** **** 4821` as
 * `•••• 4821`. Anything else (a card's name, another masking) shows as the service wrote it.
 */
export function cardText(card: string | undefined): string | undefined {
  const last = card === undefined ? undefined : /^[\s*xX•·.-]+(\d{4})$/.exec(card.trim())?.[1];
  return last !== undefined ? `•••• ${last}` : card?.trim();
}
