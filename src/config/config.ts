import { isOffered } from '../shared/offered-permissions.ts';
import type { Permission } from '../shared/permissions.ts';
import { checkServiceAddress } from './service-address.ts';

export const DEFAULT_POLL_MINUTES = 5;

/** What the user set on the options page (or the build shipped), kept in storage.local. */
export interface ExtensionConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: Permission[];
  pollMinutes: number;
  /** Desktop notifications of new unread letters (off until the user switches them on). */
  notify: boolean;
}

export function isConfigured(config: ExtensionConfig): boolean {
  return config.clientId !== '' && config.clientSecret !== '' && config.scopes.length > 0;
}

export type ConfigProblem =
  | { field: 'baseUrl'; problem: string }
  | { field: 'clientId' | 'clientSecret' | 'scopes' | 'pollMinutes'; problem: 'required' | 'invalid' };

/** What the options page sends: the configuration as typed, before it is validated. */
export type ConfigInput = Omit<ExtensionConfig, 'scopes' | 'notify'> & {
  scopes: string[];
  /** Desktop notifications of new letters; absent means off. */
  notify?: boolean | undefined;
};

/** Validates what the options page sends; returns the normalised config or every problem found. */
export function validateConfigInput(input: ConfigInput): { ok: true; config: ExtensionConfig } | { ok: false; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const address = checkServiceAddress(input.baseUrl);
  if (!address.ok) problems.push({ field: 'baseUrl', problem: address.problem });
  const clientId = input.clientId.trim();
  const clientSecret = input.clientSecret.trim();
  if (clientId === '') problems.push({ field: 'clientId', problem: 'required' });
  if (clientSecret === '') problems.push({ field: 'clientSecret', problem: 'required' });
  const scopes = input.scopes.filter(isOffered);
  if (scopes.length === 0) problems.push({ field: 'scopes', problem: 'required' });
  if (!Number.isInteger(input.pollMinutes) || input.pollMinutes < 1 || input.pollMinutes > 1440) {
    problems.push({ field: 'pollMinutes', problem: 'invalid' });
  }
  if (!address.ok || problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: { baseUrl: address.baseUrl, clientId, clientSecret, scopes, pollMinutes: input.pollMinutes, notify: input.notify ?? false },
  };
}
