/** Consents, authorization codes, grants and tokens: who may do what, and until when. */
import { randomBytes } from 'node:crypto';
import type { Permission } from './permissions.ts';

/** One user's approval of one application; revoking it ends every token issued under it. */
export interface Grant {
  id: number;
  clientId: string;
  permissions: Permission[];
  revoked: boolean;
  created: number;
}

export interface Consent {
  id: string;
  clientId: string;
  redirectUri: string;
  state: string;
  permissions: Permission[];
  expires: number;
  /** The S256 PKCE challenge of the authorization request, when it carried one. */
  codeChallenge: string | undefined;
}

export interface Code {
  code: string;
  clientId: string;
  redirectUri: string;
  permissions: Permission[];
  expires: number;
  /** Carried over from the consent: the code is exchanged only with the verifier of this challenge. */
  codeChallenge: string | undefined;
  used: boolean;
  /** Tokens issued for this code; a replayed code revokes them (draft 31, 4.1.2). */
  grantId?: number;
}

export interface AccessToken {
  token: string;
  grantId: number;
  permissions: Permission[];
  expires: number;
}

export interface RefreshToken {
  token: string;
  grantId: number;
  active: boolean;
}

/** 32 random bytes in base64url: the 43 characters the real service's tokens have. */
function newAccessTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

function newRefreshTokenValue(): string {
  return `${Date.now()}${randomBytes(2).readUInt16BE() % 1000}-${randomBytes(24).toString('base64url')}`;
}

export class TokenStore {
  private readonly grants = new Map<number, Grant>();
  private readonly consents = new Map<string, Consent>();
  private readonly codes = new Map<string, Code>();
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, RefreshToken>();
  private nextGrant = 1;

  addConsent(consent: Omit<Consent, 'id'>): Consent {
    const stored = { ...consent, id: randomBytes(18).toString('base64url') };
    this.consents.set(stored.id, stored);
    return stored;
  }

  /** One-time: a consent id is spent whatever the user decides. */
  takeConsent(id: string, now: number): Consent | undefined {
    const consent = this.consents.get(id);
    this.consents.delete(id);
    return consent && consent.expires > now ? consent : undefined;
  }

  addCode(code: Omit<Code, 'code' | 'used'>): Code {
    const stored: Code = { ...code, code: randomBytes(24).toString('base64url'), used: false };
    this.codes.set(stored.code, stored);
    return stored;
  }

  code(value: string): Code | undefined {
    return this.codes.get(value);
  }

  addGrant(clientId: string, permissions: Permission[], now: number): Grant {
    const grant: Grant = { id: this.nextGrant++, clientId, permissions, revoked: false, created: now };
    this.grants.set(grant.id, grant);
    return grant;
  }

  grant(id: number): Grant | undefined {
    return this.grants.get(id);
  }

  activeGrants(): Grant[] {
    return [...this.grants.values()].filter((g) => !g.revoked);
  }

  revokeGrant(id: number): void {
    const grant = this.grants.get(id);
    if (grant) grant.revoked = true;
  }

  revokeAll(): void {
    for (const grant of this.grants.values()) grant.revoked = true;
  }

  addAccessToken(grantId: number, permissions: Permission[], expires: number): AccessToken {
    const token: AccessToken = { token: newAccessTokenValue(), grantId, permissions, expires };
    this.access.set(token.token, token);
    return token;
  }

  accessToken(value: string): AccessToken | undefined {
    return this.access.get(value);
  }

  expireAllAccessTokens(now: number): void {
    for (const token of this.access.values()) token.expires = Math.min(token.expires, now - 1);
  }

  addRefreshToken(grantId: number): RefreshToken {
    const token: RefreshToken = { token: newRefreshTokenValue(), grantId, active: true };
    this.refresh.set(token.token, token);
    return token;
  }

  refreshToken(value: string): RefreshToken | undefined {
    return this.refresh.get(value);
  }
}
