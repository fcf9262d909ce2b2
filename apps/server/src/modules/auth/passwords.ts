import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane). */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown user) it still verifies against
 * a dummy one, so the answer takes as long and does not reveal which user names exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash) return verify(storedHash, password).catch(() => false);
  dummyHash ??= hashPassword('no user has this password');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
