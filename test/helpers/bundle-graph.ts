import type { Metafile } from 'esbuild';
import { expect } from 'vitest';

/**
 * The input files of every chunk that the given entries load by static imports, in the bundler's
 * record of the bundle (esbuild's metafile). An entry is found as a chunk's entry point or, when
 * it was bundled into another chunk, as one of its inputs.
 */
export function staticallyLoaded(metafile: Metafile, entries: readonly string[]): string[] {
  const outputs = metafile.outputs;
  const loaded = new Set<string>();
  const visit = (output: string) => {
    if (loaded.has(output)) return;
    loaded.add(output);
    for (const imported of outputs[output]!.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  for (const entry of entries) {
    const output = Object.keys(outputs).find((name) => outputs[name]!.entryPoint === entry || Object.keys(outputs[name]!.inputs).includes(entry));
    expect(output, `${entry} is in the bundle`).toBeDefined();
    visit(output!);
  }
  return [...loaded].flatMap((output) => Object.keys(outputs[output]!.inputs));
}
