import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/constants';
import { localeChunkName } from '../../src/i18n/chunkName';

describe('one build chunk per language and text group', () => {
  it("puts the login page's namespaces into locale-<lng>, errors and the rest into chunks of their own", () => {
    for (const lng of LANGUAGES) {
      expect(localeChunkName(`/app/locales/${lng}/login.json`)).toBe(`locale-${lng}`);
      expect(localeChunkName(`/app/locales/${lng}/common.json`)).toBe(`locale-${lng}`);
      expect(localeChunkName(`C:\\app\\locales\\${lng}\\errors.json`)).toBe(`locale-${lng}-errors`);
      expect(localeChunkName(`/app/locales/${lng}/menu.json`)).toBe(`locale-${lng}-app`);
    }
    expect(localeChunkName('/app/locales/de/menu.json')).toBeNull();
  });
  it("puts antd's texts of a language into the same chunk, but not the built-in en_US", () => {
    expect(localeChunkName('/app/node_modules/antd/es/locale/fr_FR.js')).toBe('locale-fr');
    expect(localeChunkName('/app/node_modules/rc-picker/es/locale/vi_VN.js')).toBe('locale-vi');
    expect(localeChunkName('/app/node_modules/antd/es/date-picker/locale/en_GB.js')).toBe('locale-en-IN');
    expect(localeChunkName('/app/node_modules/antd/es/locale/en_US.js')).toBeNull();
    expect(localeChunkName('/app/node_modules/antd/es/locale/de_DE.js')).toBeNull();
  });
  it("leaves antd's Chinese texts and pro-components' bundled languages with their importers", () => {
    // pro-components imports antd's zh_CN statically: grouping it would load the cn chunk everywhere.
    expect(localeChunkName('/app/node_modules/antd/es/locale/zh_CN.js')).toBeNull();
    expect(localeChunkName('/app/node_modules/rc-picker/es/locale/zh_CN.js')).toBeNull();
    expect(localeChunkName('/app/node_modules/@ant-design/pro-provider/es/locale/fr_FR.js')).toBeNull();
  });
  it('leaves other modules alone', () => {
    expect(localeChunkName('/app/src/main.tsx')).toBeNull();
    expect(localeChunkName('/app/node_modules/antd/es/button/index.js')).toBeNull();
  });
});
