import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with the library's defaults: 19 MiB, t=2, p=1 (OWASP minimum).
const options = { algorithm: 2 as const };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verifying against a fixed hash when the account does not exist keeps sign-in timing flat.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword('aforo-timing-equaliser');
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && passwordHash != null;
  } catch {
    return false;
  }
}
