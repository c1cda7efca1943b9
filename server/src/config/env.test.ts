import { describe, expect, it } from 'vitest';
import { parseEnv, publicUrl } from './env';

describe('parseEnv', () => {
  it('gives the embedded defaults of DESIGN.md §1', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      MQTT_PORT: 1883,
      DATA_DIR: './data',
      SEED: 'demo',
      SIMULATOR: 'on',
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.MQTT_URL).toBeUndefined();
    expect(publicUrl(env)).toBe('http://localhost:8080');
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
});
