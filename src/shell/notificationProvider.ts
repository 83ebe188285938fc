import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

/**
 * refine's notifications through antd's `App` notification, as `@refinedev/antd`'s
 * `useNotificationProvider` does for every type but `progress`: that one is the countdown of an
 * undoable mutation, drawn there with antd's circular Progress (about 4 KB gzip in the signed-in
 * app's chunk, page weight issue 18). The app runs no undoable mutation (refine's default
 * `pessimistic` mode), so a `progress` notification, should one come, is shown as plain info.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) =>
      notification.open({ key, description: message, message: description ?? null, type: type === 'progress' ? 'info' : type }),
    close: (key) => notification.destroy(key),
  };
}
