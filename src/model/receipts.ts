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
  amount?: number;
  currency: string;
  time?: string;
}

/** A single receipt (`{storeName, amount, currency, timeOfPurchase, ...}`), or undefined for anything else. */
export function receiptOf(data: unknown): ReceiptInfo | undefined {
  if (!isObj(data) || (typeof data.storeName !== 'string' && typeof data.timeOfPurchase !== 'string')) return undefined;
  return {
    storeName: str(data.storeName) ?? '',
    currency: str(data.currency) ?? '',
    ...present({ amount: num(data.amount), time: str(data.timeOfPurchase) }),
  };
}
