import { describe, expect, it } from 'vitest';

const es = import.meta.glob<{ default: unknown }>('./es/*.json', { eager: true });
const en = import.meta.glob<{ default: unknown }>('./en/*.json', { eager: true });

function fileNames(files: Record<string, unknown>): string[] {
  return Object.keys(files)
    .map((path) => path.split('/').pop() ?? path)
    .sort();
}

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flatKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

function catalogueKeys(files: Record<string, { default: unknown }>): Set<string> {
  return new Set(
    Object.entries(files).flatMap(([path, module]) => {
      const name = (path.split('/').pop() ?? path).replace(/\.json$/, '');
      return flatKeys(module.default, name);
    }),
  );
}

describe('translation catalogues', () => {
  it('has the same files in es and en', () => {
    expect(fileNames(es)).toEqual(fileNames(en));
    expect(fileNames(es).length).toBeGreaterThan(0);
  });

  it('has every key in both languages', () => {
    const esKeys = catalogueKeys(es);
    const enKeys = catalogueKeys(en);
    expect([...esKeys].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys].filter((k) => !esKeys.has(k))).toEqual([]);
  });

  it('has no empty texts', () => {
    const empty = [...Object.entries(es), ...Object.entries(en)].flatMap(([path, module]) =>
      flatKeys(module.default)
        .filter((key) => {
          const text = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], module.default);
          return typeof text !== 'string' || text.trim() === '';
        })
        .map((key) => `${path}:${key}`),
    );
    expect(empty).toEqual([]);
  });
});
