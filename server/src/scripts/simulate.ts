/**
 * `npm run simulate -- --devices 50 --rate 1 [--measures 10] [--duration 60]
 *   [--mqtt mqtt://127.0.0.1:1883] [--api http://localhost:8080] [--password …] [--prefix aforo/v1]`
 *
 * Runs simulated devices against a running Aforo seeded with the demo: the installed demo devices
 * (read through the HTTP API, keys derived from the demo password) and, beyond them, new serials
 * SIM-0001… that register themselves as Unconfigured with the product's provisioning key.
 * --rate is messages a second per device, --measures the measures per port in each message.
 * Run the server with SIMULATOR=off: its own simulator publishes the same demo serials.
 */
import { parseArgs } from 'node:util';
import { parseEnv } from '../config/env';
import { createLogger } from '../lib/logger';
import { loadFleetOverApi } from '../demo/api-fleet';
import { startSimulator } from '../demo/simulator';

const usage =
  'usage: npm run simulate -- [--devices N] [--rate messages/s per device] [--measures per message] [--duration s] [--mqtt url] [--api url] [--password demo password] [--prefix topic prefix]';

const env = parseEnv();
const { values } = parseArgs({
  options: {
    devices: { type: 'string' },
    rate: { type: 'string', default: '1' },
    measures: { type: 'string', default: '1' },
    duration: { type: 'string' },
    mqtt: { type: 'string', default: env.MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT}` },
    api: { type: 'string', default: `http://127.0.0.1:${env.PORT}` },
    password: { type: 'string', default: env.DEMO_PASSWORD },
    prefix: { type: 'string', default: env.MQTT_TOPIC_PREFIX },
    help: { type: 'boolean', default: false },
  },
});

const positive = (name: string, text: string | undefined, integer: boolean): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    console.error(`--${name} must be a positive ${integer ? 'whole ' : ''}number\n${usage}`);
    process.exit(2);
  }
  return n;
};
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const count = positive('devices', values.devices, true);
const rate = positive('rate', values.rate, false)!;
const measures = positive('measures', values.measures, true)!;
const duration = positive('duration', values.duration, false);

const log = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
const fleet = await loadFleetOverApi({ apiUrl: values.api, demoPassword: values.password, count }).catch(
  (err: unknown) => {
    console.error(
      `cannot read the demo fleet from ${values.api}: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);
const silent = fleet.devices.filter((d) => d.fault?.kind === 'silent').length;
console.log(
  `${fleet.devices.length} devices (${fleet.installed} demo devices of which ${silent} silent, ${fleet.added} new serials) → ${values.mqtt}, ` +
    `${rate} message/s each with ${measures} measure(s) per port`,
);

const simulator = await startSimulator({
  mqttUrl: values.mqtt,
  topicPrefix: values.prefix,
  devices: fleet.devices,
  // measures per port come every 1 / (rate × measures) seconds
  intervalSeconds: 1 / (rate * measures),
  measuresPerMessage: measures,
  log,
});

const started = Date.now();
let previous = simulator.stats();
const report = setInterval(() => {
  const s = simulator.stats();
  const seconds = 5;
  console.log(
    `${Math.round((Date.now() - started) / 1000)} s: ${s.connected}/${fleet.devices.length} connected, ` +
      `${s.messages} messages (${Math.round((s.messages - previous.messages) / seconds)}/s), ` +
      `${s.measures} measures (${Math.round((s.measures - previous.measures) / seconds)}/s), ` +
      `${s.acks} acks: ${s.accepted} accepted, ${s.duplicates} duplicates, ${s.rejected} rejected`,
  );
  previous = s;
}, 5000);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearInterval(report);
  await simulator.stop();
  const s = simulator.stats();
  console.log(
    `done: ${s.messages} messages, ${s.measures} measures, ${s.acks} acks (${s.accepted} accepted)`,
  );
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
if (duration !== undefined) setTimeout(() => void stop(), duration * 1000);
