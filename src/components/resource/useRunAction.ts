import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import { request } from '../../providers/http';
import type { EntityAction } from '../../resources/types';
import { actionBody, actionPath } from './derive';

/**
 * Posts an `immediate` action at once (no confirmation: mark read or unread), tells the outcome
 * and calls `done` after a success so the list reloads.
 */
export function useRunAction(done: (action: EntityAction) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (
    action: EntityAction,
    ctx: { row?: Record<string, unknown>; targets?: readonly unknown[]; filters?: Record<string, unknown> },
  ) => {
    try {
      await request(actionPath(action, ctx.row), actionBody(action, {}, ctx));
      message.success(t('device:generic.done'));
      done(action);
    } catch (err) {
      message.error(errorText(err));
    }
  };
}
