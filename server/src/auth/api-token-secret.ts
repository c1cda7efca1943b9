/**
 * API token secrets (docs/API.md "API tokens"): `afo_` + 32 characters of base64url (192 random
 * bits). The row is found by the prefix (`afo_` + 8 characters, unique) and the secret checked
 * against its SHA-256 in constant time; the secret itself is never stored.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiTokenPrefixLength, apiTokenSecretPrefix } from '@aforo/contracts/api-tokens';

const secretPattern = new RegExp(`^${apiTokenSecretPrefix}[A-Za-z0-9_-]{32}$`);

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newSecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${apiTokenSecretPrefix}${randomBytes(24).toString('base64url')}`;
  return { secret, prefix: prefixOf(secret), hash: hashSecret(secret) };
}

export const prefixOf = (secret: string) =>
  secret.slice(0, apiTokenSecretPrefix.length + apiTokenPrefixLength);

/** Whether a bearer value has the shape of an API token secret (anything else is not looked up). */
export const looksLikeSecret = (value: string) => secretPattern.test(value);

export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
