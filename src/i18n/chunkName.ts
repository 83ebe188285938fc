import { LANGUAGES, type Language } from '../domain/constants';
import { ANTD_LOCALE_CODES } from './antdLocaleCodes';
import { groupChunkSuffix, groupOfNamespace } from './groups';

/**
 * Names the build chunk a module belongs to when it is part of one language's texts
 * (used by vite.config.ts); null for every other module. Runs in Node at build time.
 */
export function localeChunkName(moduleId: string): string | null {
  // Our namespace files go to the chunk of their text group (src/i18n/groups.ts).
  const ours = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(moduleId);
  if (ours && (LANGUAGES as readonly string[]).includes(ours[1]))
    return `locale-${ours[1]}${groupChunkSuffix(groupOfNamespace(ours[2]))}`;
  // antd's texts for one language go with the login group (the login page's form and select
  // use them). They live in files named after the locale code (fr_FR.js), in antd and the
  // rc-* packages its locale files import. Not pro-components' own: it bundles every
  // language, and it imports antd's Chinese texts statically as its default, so zh_CN stays with
  // the code that imports it (a few kB) instead of pulling our whole cn chunk into every page.
  const antd =
    /[\\/]node_modules[\\/](?:antd|rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/].*[\\/]locale[\\/]([a-z]{2}_[A-Z]{2})\.js$/.exec(
      moduleId,
    );
  if (antd && antd[1] !== 'zh_CN') {
    const lng = languageOfAntdCode(antd[1]);
    if (lng) return `locale-${lng}`;
  }
  return null;
}

function languageOfAntdCode(code: string): Language | undefined {
  return (Object.keys(ANTD_LOCALE_CODES) as Language[]).find((l) => ANTD_LOCALE_CODES[l] === code);
}
