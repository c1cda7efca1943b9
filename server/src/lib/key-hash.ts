/**
 * The stored form of device keys and product provisioning keys: SHA-256 hex. The keys are long and
 * random, so a plain hash is enough (no salt or slow hash needed), and ingestion can look a product
 * up by it.
 */
import { createHash } from 'node:crypto';

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
