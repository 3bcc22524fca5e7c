import { idText, isObj, present, str } from './read-json.ts';

export interface Recipient {
  key: string;
  name: string;
  address?: string;
  organisationNumber?: string;
}

/** The recipients of a search answer (`{recipient: [{name, digipostaddress, organisationNumber}]}`). */
export function recipientsOf(data: unknown): Recipient[] {
  if (!isObj(data) || !Array.isArray(data.recipient)) return [];
  return data.recipient.filter(isObj).map((item, index) => {
    return {
      key: `${index}`,
      name: str(item.name) ?? '',
      ...present({ address: str(item.digipostaddress), organisationNumber: idText(item.organisationNumber) }),
    };
  });
}
