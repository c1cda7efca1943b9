/** The only reader of process.env: every setting of docs/OPERATIONS.md, parsed once. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { noMapTiles, type MapTiles } from '@aforo/contracts/map';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const onOff = z.enum(['on', 'off']);
/** true|false (on|off and 1|0 read the same) → boolean. */
const flag = z
  .enum(['true', 'false', 'on', 'off', '1', '0'])
  .transform((v) => v === 'true' || v === 'on' || v === '1');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** A PostgreSQL streaming replica for charts, reports and exports (docs/OPERATIONS.md "Read replica"). */
  DATABASE_READ_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repositoryRoot, 'data')),
  MQTT_URL: z.string().url().optional(),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /** Topic prefix of docs/DEVICE-PROTOCOL.md: {prefix}/{product}/{serial}/{up|events|ack|config}. */
  MQTT_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/)
    .default('aforo/v1'),
  /** Client id of this ingest process on an external broker (its persistent session); default aforo-ingest-{hostname}. */
  MQTT_CLIENT_ID: z.string().min(1).max(100).optional(),
  /**
   * Subscribe to the external broker with the shared subscription $share/aforo/… (on: several ingest
   * processes split the messages) or a plain one (off, the default: a single ingest process). Mosquitto
   * 2.0 restores a plain subscription after its own restart but not a shared one, so with `on` the
   * messages published between its restart and Aforo's resubscription are dropped (docs/OPERATIONS.md "Faults").
   */
  MQTT_SHARED_SUBSCRIPTION: z.enum(['on', 'off']).default('off'),
  /** How far back a measure may be dated and still be stored (docs/MEASURES.md "invalid date"). */
  BACKFILL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Measures per simulated demo device publish interval, in seconds (SIMULATOR=on). */
  SIMULATOR_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  DEMO_PASSWORD: z.string().min(10).default('aforo-demo-2026'),
  SIMULATOR: onOff.default('on'),
  /** off = no alert evaluation of committed measures (benchmarks measure ingestion without it). */
  ALERTS: onOff.default('on'),
  /** At shutdown, the alert engine's commit → recorded delays (ms, JSON) go here (bench:ingest). */
  ALERT_DELAYS_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Map tile URL template ({z}/{x}/{y}); `none` = no tiles (the map draws points on a plain background). */
  MAP_TILE_URL: z
    .string()
    .refine((v) => v === noMapTiles || /^https?:\/\/[^/\s]+\/\S*$/.test(v), 'an http(s) URL template or none')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Credit shown on the map for its tiles (HTML allowed: it is the operator's own setting). */
  MAP_TILE_ATTRIBUTION: z.string().max(500).default('&copy; OpenStreetMap contributors'),
  WEB_DIST: z.string().optional(),
  /** Sign-in attempts and public account calls a minute, per address and per account. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Public dashboard calls a minute per address (a page view makes one call per public point, plus one). */
  /** Calls a minute one API token may make on one API process (a runaway script stops here). */
  API_TOKEN_BURST_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /** Longest a caller's session is kept in memory; changes made through Aforo end it at once. 0 = off. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  PUBLIC_DASHBOARD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /** on = believe X-Forwarded-For (only behind a proxy you run; otherwise clients pick their address). */
  TRUST_PROXY: onOff.default('off'),
  /** Largest MQTT packet (embedded broker) and HTTP ingest body, in bytes; 1,000 measures take ~92 KB. */
  MQTT_MAX_PACKET_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(256 * 1024),
  /** The embedded broker closes a connection that has not sent CONNECT within this many seconds. */
  MQTT_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** true = webhooks may target loopback/private/link-local addresses (tests, local demos); never in production. */
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  /** Read notifications and sent/failed deliveries are deleted after this many days (unread: at least 365). */
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Failed measures are deleted after this many days (docs/OPERATIONS.md "Data life"). */
  FAILED_MEASURE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Simultaneous embedded-broker connections from one address (gateways, carrier NAT: raise it). */
  MQTT_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** Bearer token that opens GET /metrics from any address (docs/OPERATIONS.md "Aforo's own metrics"). */
  METRICS_TOKEN: z.string().min(16).max(200).regex(/^\S+$/, 'no spaces').optional(),
  /** on = callers straight from loopback/private addresses (no proxy between) read /metrics without the token. */
  METRICS_ALLOW_INTERNAL: onOff.default('on'),
  /** A listener serving only GET /metrics on this port, in any role (0 = a free port); unset = none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});
export type Env = z.infer<typeof envSchema>;

/** Empty strings count as unset, so `DATABASE_URL= npm start` means "embedded". */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.DATABASE_READ_URL && !parsed.data.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  DATABASE_READ_URL: a read replica needs PostgreSQL (DATABASE_URL); the embedded PGlite has none — unset it',
    );
  // npm runs workspace scripts inside server/: a relative DATA_DIR means "from where you typed the command"
  const from = source.INIT_CWD ?? process.cwd();
  return { ...parsed.data, DATA_DIR: path.resolve(from, parsed.data.DATA_DIR) };
}

/** The tile setting as the map payload carries it. */
export function mapTiles(env: Env): MapTiles {
  const url = env.MAP_TILE_URL === noMapTiles ? null : env.MAP_TILE_URL;
  return { url, attribution: url ? env.MAP_TILE_ATTRIBUTION : '' };
}

export function publicUrl(env: Env): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}
