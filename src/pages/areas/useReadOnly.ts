import { isDemo } from '../../../config/roles';
import { useSessionUser } from '../../hooks/useSession';

/** The demo account only reads: write buttons are hidden as a courtesy (the server refuses anyway). */
export function useReadOnly(): boolean {
  const user = useSessionUser();
  return !!user && isDemo(user);
}
