import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PROMPT } from '../../domain/codes';
import type { MonitorDevice } from '../../domain/device-view';
import { findResource } from '../../resources';
import { ACTION_RESOURCES, promptFor, type PanelAction } from './actions';

const PROMPT_KEY = {
  [PROMPT.support]: 'support',
  [PROMPT.inactive]: 'inactive',
  [PROMPT.pastDue]: 'pastDue',
  [PROMPT.selectDevice]: 'selectDevice',
} as const;

/**
 * Runs a device panel action (the rules are the pure promptFor): a prompt instead when the
 * action does not apply, else follow, Google's street view, or the page the action opens.
 */
export function usePanelActions(
  selected: MonitorDevice | undefined,
  { streetView, toggleFollow }: { streetView: boolean; toggleFollow(): void },
): (action: PanelAction) => void {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (action) => {
    const prompt = promptFor(action, selected, Date.now(), { streetView });
    if (prompt) {
      void message.warning(t(`prompt.${PROMPT_KEY[prompt]}`));
      return;
    }
    if (!selected) return;
    if (action === 'follow') return toggleFollow();
    if (action === 'streetView' && selected.location) {
      const { lat, lon } = selected.location;
      window.open(
        `https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${lat},${lon}`,
        '_blank',
        'noopener',
      );
      return;
    }
    const resource = findResource(ACTION_RESOURCES[action] ?? '');
    if (resource?.page && resource.path)
      navigate(`${resource.path}?terminalID=${encodeURIComponent(selected.terminalID)}`);
    else void message.info(t('actions.comingLater'));
  };
}
