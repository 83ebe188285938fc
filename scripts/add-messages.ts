/**
 * Adds error-catalogue entries in one go: `npx tsx scripts/add-messages.ts entries.json`, where
 * the file maps each new key to its texts in every language, e.g.
 * `{"plateTaken": {"en": "...", "cn": "...", "vi": "...", ...}}`.
 * It appends the key and English text to MESSAGES (src/domain/messages.ts) and each language's
 * text to locales/<lng>/errors.json. Several people add keys at once, so it reads and writes each
 * file in one step and refuses keys that already exist instead of overwriting them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../src/domain/constants';

type Entries = Record<string, Record<string, string>>;

/** Single quotes as in the rest of the file, unless the text holds one. */
const quote = (text: string) =>
  text.includes("'") || text.includes('\\') ? JSON.stringify(text) : `'${text}'`;

const root = join(import.meta.dirname, '..');
const file = process.argv[2];
if (!file) throw new Error('usage: tsx scripts/add-messages.ts entries.json');
const entries = JSON.parse(readFileSync(file, 'utf8')) as Entries;

for (const [key, texts] of Object.entries(entries)) {
  if (!/^[a-z][A-Za-z0-9]*$/.test(key)) throw new Error(`bad key ${key}`);
  const missing = LANGUAGES.filter((l) => !texts[l]);
  if (missing.length) throw new Error(`${key} lacks ${missing.join(', ')}`);
}

const catalogue = join(root, 'src/domain/messages.ts');
let source = readFileSync(catalogue, 'utf8');
const end = source.indexOf('} as const;');
for (const key of Object.keys(entries)) {
  if (new RegExp(`^  ${key}:`, 'm').test(source)) throw new Error(`${key} is already in MESSAGES`);
}
const lines = Object.entries(entries)
  .map(([key, texts]) => `  ${key}: ${quote(texts.en as string)},\n`)
  .join('');
source = source.slice(0, end) + lines + source.slice(end);
writeFileSync(catalogue, source);

for (const lng of LANGUAGES) {
  const path = join(root, 'locales', lng, 'errors.json');
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  for (const [key, texts] of Object.entries(entries)) json[key] = texts[lng] as string;
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
}
console.log(`added ${Object.keys(entries).join(', ')}`);
