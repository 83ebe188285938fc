import { useMemo } from 'react';
import { PERMISSIONS as P } from '../../../config/roles';
import { abilityFor, can } from '../../domain/ability';
import { useSessionUser } from '../../hooks/useSession';
import type { EntityDescriptor } from '../../resources/types';
import { fieldOf } from './derive';

/**
 * The fields of a form or filter bar the signed-in account can use: an account that cannot list
 * sub-accounts (an end user, factory staff) is not offered an account picker it could only see
 * empty, nor "include sub-accounts". The server scopes the request to the caller either way.
 */
export function useScopeFields(entity: EntityDescriptor, names: readonly string[]): readonly string[] {
  const user = useSessionUser();
  const mayList = useMemo(() => can(abilityFor(user), P.agentList), [user]);
  return useMemo(() => {
    if (mayList) return names;
    return names.filter((n) => {
      const f = fieldOf(entity, n);
      return f.type !== 'account' && !f.subtree;
    });
  }, [entity, names, mayList]);
}
