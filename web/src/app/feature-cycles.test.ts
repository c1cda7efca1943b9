/** No cycle between features (a↔b, a→b→c→a): eslint.config.js checks only that they meet through index.ts. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = resolve(dirname(fileURLToPath(import.meta.url)), '../features');

/** Every .ts/.tsx file under `dir`, tests included (a test's import ties its feature too). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// `//` only after a line start or a blank, so 'https://…' in a string stays
const comments = /\/\*[\s\S]*?\*\/|(^|\s)\/\/.*$/gm;
// import/export … from 'x', import 'x', import('x'), vi.mock('x')
const specifiers =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]|\bvi\.mock\(\s*['"]([^'"]+)['"]/g;

/** The module specifiers `code` imports, re-exports, loads lazily or mocks. */
function importedSpecifiers(code: string): string[] {
  const bare = code.replace(comments, '$1');
  return [...bare.matchAll(specifiers)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** The feature a relative `specifier` in `file` lands in, if any. */
function featureOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const inFeatures = relative(featuresDir, resolve(dirname(file), specifier));
  if (inFeatures === '' || inFeatures.startsWith('..')) return undefined;
  return inFeatures.split(sep)[0];
}

type Graph = Map<string, Map<string, string[]>>; // feature → feature it imports → files doing so

/** feature → feature edges from files: a record of feature name → [file path, source][]. */
function featureGraph(files: Record<string, [string, string][]>): Graph {
  const graph: Graph = new Map();
  for (const [feature, sources] of Object.entries(files)) {
    const edges = new Map<string, string[]>();
    graph.set(feature, edges);
    for (const [file, code] of sources) {
      for (const specifier of importedSpecifiers(code)) {
        const target = featureOf(file, specifier);
        if (target === undefined || target === feature) continue;
        edges.set(target, [...new Set([...(edges.get(target) ?? []), relative(featuresDir, file)])]);
      }
    }
  }
  return graph;
}

/** One cycle per strongly connected component of more than one feature (Tarjan), as a → b → … → a. */
function tangles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const target of graph.get(node)?.keys() ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** One cycle per tangle, as a → b → … → a. */
function featureCycles(graph: Graph): string[][] {
  return tangles(graph).map((component) => cycleThrough(graph, component));
}

/** A shortest path from the component's first feature back to itself, staying inside it. */
function cycleThrough(graph: Graph, component: string[]): string[] {
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const target of graph.get(node)?.keys() ?? []) {
      if (!component.includes(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
}

/** A tangle's cycle, then every import between its features and the files making it. */
function describeTangle(graph: Graph, component: string[]): string {
  const steps = component.flatMap((from) =>
    [...(graph.get(from) ?? [])]
      .filter(([to]) => component.includes(to))
      .map(([to, files]) => `  ${from} → ${to}: ${files.join(', ')}`),
  );
  return [cycleThrough(graph, component).join(' → '), ...steps].join('\n');
}

describe('feature dependencies', () => {
  it('finds mutual and longer cycles, and none in a one-way chain', () => {
    const file = (feature: string, imports: string) =>
      [join(featuresDir, feature, 'pages', 'P.tsx'), imports] as [string, string];
    const graph = featureGraph({
      a: [file('a', "import { B } from '../../b';\nimport { own } from '../api';")],
      b: [file('b', "export { C } from '../../c';\n// import { A } from '../../a';")],
      c: [file('c', "const page = () => import('../../a/pages/P');")],
      d: [file('d', "import type {\n  A,\n} from '../../a';\nvi.mock('../../../lib/api');")],
    });
    expect(featureCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    graph.get('c')!.clear();
    expect(featureCycles(graph)).toEqual([]);
    expect(
      featureCycles(
        featureGraph({ a: [file('a', "import '../../b';")], b: [file('b', "vi.mock('../../a');")] }),
      ),
    ).toEqual([['a', 'b', 'a']]);
  });

  it('has no cycle between web/src/features/*', () => {
    const features = readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const graph = featureGraph(
      Object.fromEntries(
        features.map(({ name }) => [
          name,
          sourceFiles(join(featuresDir, name)).map((path): [string, string] => [
            path,
            readFileSync(path, 'utf8'),
          ]),
        ]),
      ),
    );
    expect(graph.size).toBeGreaterThan(10);
    expect(tangles(graph).map((component) => describeTangle(graph, component))).toEqual([]);
  });
});
