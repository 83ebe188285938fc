import { i18n, loadTextGroups, textGroupsLoaded } from '../i18n';
import type { TextGroup } from '../i18n/groups';

/** A load that failed, thrown once to the render that waited for it; the next render tries again. */
let failed: { key: string; error: unknown } | undefined;

/**
 * Renders nothing once `groups` of the language shown have loaded; until then it suspends (the
 * nearest Suspense shows its fallback), and from then on every language change loads them too
 * (src/i18n/index.ts). Placed beside the content it guards, inside the same Suspense, so the
 * content's own lazy chunk loads meanwhile (React pre-renders a suspended boundary's siblings)
 * and the two show together: no text is ever shown as its raw key.
 */
export function TextGroupsGate({ groups }: { groups: readonly TextGroup[] }) {
  if (textGroupsLoaded(groups)) return null;
  const key = `${i18n.language}/${groups.join()}`;
  if (failed?.key === key) {
    const { error } = failed;
    failed = undefined;
    // As a page chunk that failed to load does (React.lazy).
    throw error;
  }
  throw loadTextGroups(groups).catch((error: unknown) => {
    failed = { key, error };
  });
}
