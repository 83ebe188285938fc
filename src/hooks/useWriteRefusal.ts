import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { abilityFor, writeRefusal } from '../domain/ability';
import { useSessionUser } from './useSession';

/**
 * Why the signed-in account may not change anything, in its language, or null when it may:
 * the demo account's one refusal text, the same the server answers a write with.
 */
export function useWriteRefusal(): string | null {
  const user = useSessionUser();
  const { t } = useTranslation();
  const key = useMemo(() => writeRefusal(abilityFor(user)), [user]);
  return key ? t(`errors:${key}`) : null;
}
