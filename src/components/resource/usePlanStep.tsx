import { useState, type ReactNode } from 'react';
import type { BatchPlan } from '../../domain/batch-plan';
import { request } from '../../providers/http';
import { PlanModal } from './PlanModal';

/**
 * The confirmation step of a batch with a preview route (issue 32): `ask` posts the request to
 * the preview, shows what it answers, and runs `go` only on Confirm. A refused preview (an
 * account out of reach, say) comes back as the error, for the screen to show where it shows
 * the batch's own errors.
 */
export function usePlanStep(): {
  ask: (endpoint: string, body: Record<string, unknown>, go: () => Promise<unknown>) => Promise<unknown>;
  asking: boolean;
  modal: ReactNode;
} {
  const [shown, setShown] = useState<{ plan: BatchPlan; go: () => Promise<unknown> } | null>(null);
  const [asking, setAsking] = useState(false);

  const ask = async (endpoint: string, body: Record<string, unknown>, go: () => Promise<unknown>) => {
    setAsking(true);
    try {
      setShown({ plan: await request<BatchPlan>(endpoint, body), go });
      return null;
    } catch (e) {
      return e;
    } finally {
      setAsking(false);
    }
  };

  const modal = shown ? (
    <PlanModal
      plan={shown.plan}
      busy={false}
      onConfirm={() => {
        setShown(null);
        void shown.go();
      }}
      onCancel={() => setShown(null)}
    />
  ) : null;
  return { ask, asking, modal };
}
