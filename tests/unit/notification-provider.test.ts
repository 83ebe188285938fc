import { beforeEach, describe, expect, it, vi } from 'vitest';

// antd's App context is mocked: the provider only forwards to its notification API.
const notification = { open: vi.fn(), destroy: vi.fn() };
vi.mock('antd', () => ({ App: { useApp: () => ({ notification }) } }));
const { useNotificationProvider } = await import('../../src/shell/notificationProvider');

describe('notification provider', () => {
  beforeEach(() => {
    notification.open.mockClear();
    notification.destroy.mockClear();
  });

  it("shows refine's message as the notice's text and its description as the title, as @refinedev/antd does", () => {
    useNotificationProvider().open({ key: 'k', message: 'Saved', description: 'Device', type: 'success' });
    expect(notification.open).toHaveBeenCalledWith({ key: 'k', description: 'Saved', message: 'Device', type: 'success' });
    useNotificationProvider().open({ message: 'Failed', type: 'error' });
    expect(notification.open).toHaveBeenLastCalledWith({ key: undefined, description: 'Failed', message: null, type: 'error' });
  });

  it('shows an undoable countdown as plain info and closes by key', () => {
    const p = useNotificationProvider();
    p.open({ key: 'u', message: 'Deleting', type: 'progress', undoableTimeout: 5, cancelMutation: () => undefined });
    expect(notification.open).toHaveBeenCalledWith({ key: 'u', description: 'Deleting', message: null, type: 'info' });
    p.close('u');
    expect(notification.destroy).toHaveBeenCalledWith('u');
  });
});
