import { useWriteRefusal } from '../../hooks/useWriteRefusal';

/**
 * The account may not change anything (the demo): write buttons are hidden here as a courtesy
 * (the server refuses anyway). The same rule disables them elsewhere (src/components/WriteGuard.tsx).
 */
export function useReadOnly(): boolean {
  return useWriteRefusal() !== null;
}
