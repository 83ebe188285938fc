import { describe, expect, it } from 'vitest';
import { ROLE } from '../../config/roles';
import { LANGUAGES } from '../../src/domain/constants';
import { languageTag, isLanguage, languageOfBrowserTag, resolveLanguage } from '../../src/domain/language';

describe('browser language tags', () => {
  it('maps every Chinese to cn, Indian English to en-IN and other English to en', () => {
    expect(languageOfBrowserTag('zh')).toBe('cn');
    expect(languageOfBrowserTag('zh-CN')).toBe('cn');
    expect(languageOfBrowserTag('zh-TW')).toBe('cn');
    expect(languageOfBrowserTag('en-IN')).toBe('en-IN');
    expect(languageOfBrowserTag('en-in')).toBe('en-IN');
    expect(languageOfBrowserTag('en-US')).toBe('en');
    expect(languageOfBrowserTag('en')).toBe('en');
  });
  it('matches the other languages on their primary subtag', () => {
    expect(languageOfBrowserTag('pt-BR')).toBe('pt');
    expect(languageOfBrowserTag('fr-CA')).toBe('fr');
    expect(languageOfBrowserTag('es-419')).toBe('es');
    expect(languageOfBrowserTag('km-KH')).toBe('km');
    expect(languageOfBrowserTag('my')).toBe('my');
    expect(languageOfBrowserTag('de-DE')).toBeUndefined();
    expect(languageOfBrowserTag('')).toBeUndefined();
  });
});

describe('the language rule', () => {
  it('uses the stored choice when it is supported', () => {
    for (const lng of LANGUAGES) expect(resolveLanguage({ stored: lng, browser: ['fr-FR'] })).toBe(lng);
  });
  it('ignores an unsupported stored value and falls back to the browser', () => {
    expect(resolveLanguage({ stored: 'de', browser: ['de-DE', 'ru-RU', 'en'] })).toBe('ru');
    expect(resolveLanguage({ stored: 'zh', browser: ['vi-VN'] })).toBe('vi');
    expect(resolveLanguage({ stored: null, browser: ['en-IN', 'en'] })).toBe('en-IN');
  });
  it('falls back to cn, or to the brand language when given', () => {
    expect(resolveLanguage({ stored: undefined, browser: ['de-DE'] })).toBe('cn');
    expect(resolveLanguage({ stored: undefined, browser: [] })).toBe('cn');
    expect(resolveLanguage({ stored: undefined, browser: ['de'], fallback: 'en' })).toBe('en');
  });
  it('forces cn for the two test-group roles the README names, whatever is stored', () => {
    for (const role of [ROLE.testSearch, ROLE.wanweiTest]) {
      expect(resolveLanguage({ stored: 'fr', browser: ['en-US'], role })).toBe('cn');
    }
    // The QC account keeps the language it picked (issue 32).
    expect(resolveLanguage({ stored: 'fr', browser: ['en-US'], role: ROLE.test })).toBe('fr');
    expect(resolveLanguage({ stored: 'fr', browser: ['en-US'], role: ROLE.log })).toBe('fr');
    expect(resolveLanguage({ stored: 'fr', browser: [], role: ROLE.agent })).toBe('fr');
  });
  it('knows exactly the supported list', () => {
    expect(isLanguage('en-IN')).toBe(true);
    expect(isLanguage('EN')).toBe(false);
    expect(isLanguage(3)).toBe(false);
  });
});

describe('languageTag', () => {
  it('gives every language a tag Intl knows, cn as mainland Chinese', () => {
    expect(languageTag('cn')).toBe('zh-CN');
    for (const l of LANGUAGES) expect(Intl.NumberFormat.supportedLocalesOf([languageTag(l)])).toHaveLength(1);
  });
});
