import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secrets {
  jwtSecret: string;
  /** 32-byte AES-256-GCM key, hex. */
  tokenEncryptionKey: string;
}

/**
 * Secrets from configuration, or — for the embedded single-machine default — generated once and
 * kept in `${dataDir}/secrets.json` (mode 600), so no secret is ever in the repository and a
 * restart keeps sessions and encrypted page tokens readable. Several processes sharing one
 * PostgreSQL must be given JWT_SECRET and TOKEN_ENCRYPTION_KEY explicitly.
 */
export function resolveSecrets(opts: {
  dataDir: string | null;
  jwtSecret: string | null;
  tokenEncryptionKey: string | null;
}): Secrets {
  let stored: Partial<Secrets> = {};
  const file = opts.dataDir ? join(opts.dataDir, 'secrets.json') : null;
  if (file && existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: opts.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    tokenEncryptionKey: opts.tokenEncryptionKey ?? stored.tokenEncryptionKey ?? randomBytes(32).toString('hex'),
  };
  if (file && (stored.jwtSecret !== secrets.jwtSecret || stored.tokenEncryptionKey !== secrets.tokenEncryptionKey)) {
    if (!opts.jwtSecret || !opts.tokenEncryptionKey) {
      mkdirSync(opts.dataDir!, { recursive: true });
      const toStore = { jwtSecret: stored.jwtSecret ?? secrets.jwtSecret, tokenEncryptionKey: stored.tokenEncryptionKey ?? secrets.tokenEncryptionKey };
      writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  return secrets;
}
