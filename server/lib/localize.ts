/**
 * Error texts in the caller's language: the same locales/<lng>/errors.json the web app uses,
 * picked by the request's Accept-Language (the web app sends its current language). English,
 * the catalogue's own language, when none is asked for or none is supported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, type MessageKey } from '../../src/domain/messages';
import type { Language } from '../../src/domain/constants';
import { languageOfBrowserTag } from '../../src/domain/language';

const LOCALES = join(import.meta.dirname, '../../locales');
const catalogues = new Map<Language, Record<string, string>>();

function catalogue(lng: Language): Record<string, string> {
  let c = catalogues.get(lng);
  if (!c) {
    try {
      c = JSON.parse(readFileSync(join(LOCALES, lng, 'errors.json'), 'utf8')) as Record<string, string>;
    } catch {
      c = {};
    }
    catalogues.set(lng, c);
  }
  return c;
}

/** Fills `{{name}}` placeholders, as i18next does in the web app. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
    params[name] === undefined ? m : String(params[name]),
  );
}

/** The first supported language of an Accept-Language header, in the order given. */
export function requestLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  for (const part of header.slice(0, 200).split(',')) {
    const lng = languageOfBrowserTag(part.split(';')[0] ?? '');
    if (lng) return lng;
  }
  return undefined;
}

/** The text of `key` for this request, with its placeholders filled. */
export function localize(req: FastifyRequest | null, key: MessageKey, params?: Record<string, unknown>) {
  const lng = requestLanguage(req?.headers['accept-language']);
  const text = (lng && catalogue(lng)[key]) || MESSAGES[key];
  return interpolate(text, params);
}
