/**
 * The sections of the `app` (phone) and `pc` (desktop) help pages, and the screen each
 * screenshot shows. scripts/help-screenshots.ts walks the same list, so a new section is one
 * entry here plus its texts in locales/<lng>/help.json (`sections.<id>`).
 */
export type HelpKind = 'pc' | 'app';

export interface HelpSection {
  id: string;
  /** The screen of the screenshot, as the seeded `agent` sees it. */
  route: string;
  /** What the screenshot script does on the screen before the picture. */
  action?: 'selectDevice' | 'openTrack' | 'openLanguage';
}

export const HELP_SECTIONS: readonly HelpSection[] = [
  { id: 'login', route: '/login' },
  { id: 'monitor', route: '/index/home' },
  { id: 'devicePanel', route: '/index/home', action: 'selectDevice' },
  { id: 'track', route: '/index/home', action: 'openTrack' },
  { id: 'fences', route: '/index/fence/list' },
  { id: 'reports', route: '/index/count/countMileage' },
  { id: 'accounts', route: '/index/agent/agentList' },
  { id: 'renewals', route: '/index/order/list' },
  { id: 'language', route: '/index/home', action: 'openLanguage' },
];

/** Window sizes of the screenshots: a desktop browser and a phone. */
export const HELP_VIEWPORTS: Record<HelpKind, { width: number; height: number }> = {
  pc: { width: 1280, height: 800 },
  app: { width: 390, height: 844 },
};

/** Languages the screenshots are taken in; the others show the English ones. */
export const SHOT_LANGUAGES = ['en', 'cn'] as const;
export const SHOT_FALLBACK = 'en';

/** Where a screenshot is served from (public/help/...). */
export const shotUrl = (kind: HelpKind, lang: string, id: string) => `/help/${kind}/${lang}/${id}.png`;

/** The screenshot of the reader's language when one is taken in it, else the English one. */
export function shotFor(kind: HelpKind, lang: string, id: string): { src: string; fallback: string } {
  const taken = (SHOT_LANGUAGES as readonly string[]).includes(lang) ? lang : SHOT_FALLBACK;
  return { src: shotUrl(kind, taken, id), fallback: shotUrl(kind, SHOT_FALLBACK, id) };
}
