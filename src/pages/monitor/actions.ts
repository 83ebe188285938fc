/**
 * What the device panel's actions do (spec section 3 prompts: not supported, not activated,
 * past due, select a device first). Pure: the page shows the returned prompt or navigates.
 */
import { DEVICE_STATE, PROMPT } from '../../domain/codes';
import type { MonitorDevice } from '../../domain/device-view';
import { isExpired } from '../../domain/run-state';

export type PanelAction = 'track' | 'command' | 'fence' | 'streetView' | 'follow' | 'renew';

/** Resource (src/resources) of the page each action opens: track, command console, fence list. */
export const ACTION_RESOURCES: Partial<Record<PanelAction, string>> = {
  track: 'track',
  command: 'directive',
  fence: 'fenceList',
  renew: 'orderRenew',
};

export type Prompt = (typeof PROMPT)[keyof typeof PROMPT];

/** The prompt that stops an action, or null when the action applies to the device. */
export function promptFor(
  action: PanelAction,
  device: MonitorDevice | undefined,
  now: number,
  opts: { streetView: boolean },
): Prompt | null {
  if (!device) return PROMPT.selectDevice;
  if (action === 'streetView' && !opts.streetView) return PROMPT.support;
  // Renewing is what an expired (or not yet activated) device needs: never refused here.
  if (action === 'follow' || action === 'fence' || action === 'renew') return null;
  if (device.state === DEVICE_STATE.unactivated) return PROMPT.inactive;
  if (isExpired(device, now)) return PROMPT.pastDue;
  if (action === 'streetView' && !device.location) return PROMPT.support;
  return null;
}
