/**
 * Which database and API test files a change touches. Every such file imports the whole server
 * through its harness, so the import graph would pick all of them for any server change; a file
 * is picked instead when it is itself changed, when it names a changed file's module in an
 * import, or when its name shares a word with the changed file or its folder
 * (`server/services/payment/flow.ts` → `payments.test.ts`, `payment-notices.test.ts`).
 */

// Words too common in our file names to say anything about the subject.
const NOISE = new Set(['index', 'types', 'schema', 'routes', 'service', 'services', 'server', 'src', 'lib', 'test', 'tests', 'fixture', 'support', 'utils', 'common', 'api', 'db', 'list']);

/** Lower-case words of a file or folder name, singular, of three letters or more. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/\.(test\.)?tsx?$/, '')
    .split(/[^a-zA-Z0-9]+|(?<=[a-z])(?=[A-Z])/)
    .map((w) => w.toLowerCase().replace(/s$/, ''))
    .filter((w) => w.length >= 3 && !NOISE.has(w));
}

export function apiTestsFor(
  changed: string[],
  contents: Map<string, string>,
  partsOf: (file: string) => { name: string; folder: string },
): string[] {
  const picked = new Set<string>();
  for (const file of changed) {
    if (contents.has(file)) {
      picked.add(file);
      continue;
    }
    const { name, folder } = partsOf(file);
    const module = name.replace(/\.tsx?$/, '');
    const words = new Set([...wordsOf(name), ...wordsOf(folder)]);
    for (const [test, text] of contents) {
      const testWords = wordsOf(partsOf(test).name);
      const imports = new RegExp(`from '[^']*/${module}'`).test(text);
      if (imports || testWords.some((w) => words.has(w))) picked.add(test);
    }
  }
  return [...picked].sort();
}
