/**
 * Checks locales/<lng>/<namespace>.json against the English reference (run by `npm run i18n:check`,
 * which `npm run build` runs first). Fails when a language misses a key of en or has one en lacks,
 * when a text is empty or drops an {{placeholder}}, or when the errors namespace misses a key of
 * MESSAGES (src/domain/messages.ts) or its English text differs from the catalogue's. Texts still equal to English are listed as a note for the
 * translator, not as a failure.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES } from '../src/domain/constants';
import { MESSAGES } from '../src/domain/messages';

export const REFERENCE = 'en';

type Tree = { [key: string]: string | Tree };

export function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

function readNamespace(dir: string, lng: string, ns: string): Map<string, unknown> | string {
  const file = join(dir, lng, `${ns}.json`);
  if (!existsSync(file)) return `${lng}/${ns}.json is missing`;
  try {
    return flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);
  } catch (err) {
    return `${lng}/${ns}.json is not valid JSON: ${(err as Error).message}`;
  }
}

export interface LocaleReport {
  problems: string[];
  /** Per language, the keys whose text is still the English one. */
  sameAsEnglish: Record<string, string[]>;
}

export function checkLocales(
  dir: string,
  languages: readonly string[] = LANGUAGES,
  messages: Record<string, string> = MESSAGES,
): LocaleReport {
  const problems: string[] = [];
  const sameAsEnglish: Record<string, string[]> = {};
  const namespaces = existsSync(join(dir, REFERENCE))
    ? readdirSync(join(dir, REFERENCE))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5))
    : [];
  if (namespaces.length === 0)
    return { problems: [`${REFERENCE}: no namespace files in ${dir}/${REFERENCE}`], sameAsEnglish };

  const reference = new Map<string, Map<string, unknown>>();
  for (const ns of namespaces) {
    const keys = readNamespace(dir, REFERENCE, ns);
    if (typeof keys === 'string') problems.push(keys);
    else reference.set(ns, keys);
  }
  const errors = reference.get('errors');
  const missingMessages = Object.keys(messages).filter((k) => !errors?.has(k));
  if (missingMessages.length)
    problems.push(`${REFERENCE}/errors.json misses MESSAGES keys: ${missingMessages.join(', ')}`);
  // The English texts are the catalogue's own: a change there must reach the translations.
  for (const [key, text] of Object.entries(messages)) {
    if (errors?.has(key) && errors.get(key) !== text)
      problems.push(`${REFERENCE}/errors.json ${key}: differs from MESSAGES ("${text}")`);
  }

  for (const lng of languages) {
    const extraFiles = existsSync(join(dir, lng))
      ? readdirSync(join(dir, lng)).filter((f) => f.endsWith('.json') && !namespaces.includes(f.slice(0, -5)))
      : [];
    for (const f of extraFiles) problems.push(`${lng}/${f}: namespace not in ${REFERENCE}`);
    for (const [ns, ref] of reference) {
      const own = lng === REFERENCE ? ref : readNamespace(dir, lng, ns);
      if (typeof own === 'string') {
        problems.push(own);
        continue;
      }
      const missing = [...ref.keys()].filter((k) => !own.has(k));
      const extra = [...own.keys()].filter((k) => !ref.has(k));
      if (missing.length) problems.push(`${lng}/${ns}.json misses: ${missing.join(', ')}`);
      if (extra.length) problems.push(`${lng}/${ns}.json has keys not in ${REFERENCE}: ${extra.join(', ')}`);
      for (const [key, text] of own) {
        const refText = ref.get(key);
        if (typeof text !== 'string' || text.trim() === '')
          problems.push(`${lng}/${ns}.json ${key}: empty or not a text`);
        else if (typeof refText === 'string' && placeholders(text) !== placeholders(refText)) {
          problems.push(
            `${lng}/${ns}.json ${key}: placeholders differ from ${REFERENCE} ({{${placeholders(refText)}}})`,
          );
        } else if (lng !== REFERENCE && text === refText) (sameAsEnglish[lng] ??= []).push(`${ns}:${key}`);
      }
    }
  }
  return { problems, sameAsEnglish };
}

function main() {
  const dir = resolve(fileURLToPath(new URL('../locales', import.meta.url)));
  const { problems, sameAsEnglish } = checkLocales(dir);
  for (const [lng, keys] of Object.entries(sameAsEnglish)) {
    if (lng !== 'en-IN') console.log(`note: ${lng} has ${keys.length} text(s) identical to English`);
  }
  if (problems.length) {
    console.error(`Locale check failed (${problems.length}):`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log(`Locales OK: ${LANGUAGES.length} languages, reference ${REFERENCE}.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
