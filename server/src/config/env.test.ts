import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tileOrigins } from '../http/security-headers';
import { mapTiles, parseEnv, publicUrl } from './env';

describe('parseEnv', () => {
  it('gives the embedded defaults of docs/OPERATIONS.md', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      MQTT_PORT: 1883,
      // the repository's data/ folder, wherever the command runs from
      DATA_DIR: path.resolve(fileURLToPath(import.meta.url), '../../../../data'),
      SEED: 'demo',
      SIMULATOR: 'on',
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.MQTT_URL).toBeUndefined();
    expect(publicUrl(env)).toBe('http://localhost:8080');
  });

  it('resolves a relative DATA_DIR from where the command was typed', () => {
    expect(parseEnv({ DATA_DIR: 'here', INIT_CWD: '/srv/aforo' }).DATA_DIR).toBe('/srv/aforo/here');
    expect(parseEnv({ DATA_DIR: '/var/lib/aforo' }).DATA_DIR).toBe('/var/lib/aforo');
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'eighty', SEED: 'lots' })).toThrow(/PORT[\s\S]*SEED/);
  });

  it('refuses a demo password under ten characters', () => {
    expect(() => parseEnv({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD/);
  });

  it('keeps webhooks off private addresses unless WEBHOOK_ALLOW_PRIVATE says so', () => {
    expect(parseEnv({}).WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(parseEnv({ WEBHOOK_ALLOW_PRIVATE: 'true' }).WEBHOOK_ALLOW_PRIVATE).toBe(true);
    expect(parseEnv({ WEBHOOK_ALLOW_PRIVATE: 'false' }).WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(() => parseEnv({ WEBHOOK_ALLOW_PRIVATE: 'yes please' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it('keeps read notifications 90 days unless NOTIFICATION_RETENTION_DAYS says otherwise', () => {
    expect(parseEnv({}).NOTIFICATION_RETENTION_DAYS).toBe(90);
    expect(parseEnv({ NOTIFICATION_RETENTION_DAYS: '30' }).NOTIFICATION_RETENTION_DAYS).toBe(30);
    expect(() => parseEnv({ NOTIFICATION_RETENTION_DAYS: '0' })).toThrow(/NOTIFICATION_RETENTION_DAYS/);
  });

  it('reads MAP_TILE_URL as the map tiles: a URL template with its attribution, or none', () => {
    expect(mapTiles(parseEnv({}))).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '&copy; OpenStreetMap contributors',
    });
    expect(mapTiles(parseEnv({ MAP_TILE_URL: 'none' }))).toEqual({ url: null, attribution: '' });
    expect(() => parseEnv({ MAP_TILE_URL: 'javascript:alert(1)' })).toThrow(/MAP_TILE_URL/);
  });

  it('lets the tile server’s origin serve images under the CSP, {s} subdomains as a wildcard', () => {
    expect(tileOrigins('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual([
      'https://*.tile.example.org',
    ]);
    expect(tileOrigins('http://127.0.0.1:9/t/{z}/{x}/{y}.png')).toEqual(['http://127.0.0.1:9']);
    expect(tileOrigins(null)).toEqual([]);
  });
});
