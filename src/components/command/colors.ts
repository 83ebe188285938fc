/** Tag colours of command, offline-command and batch-item statuses, and of results. */
export const STATUS_COLORS: Record<string, string> = {
  queued: 'blue',
  pending: 'default',
  sent: 'processing',
  delivered: 'green',
  replied: 'green',
  success: 'green',
  timeout: 'orange',
  error: 'red',
  failed: 'red',
  expired: 'default',
  cancelled: 'default',
};

export const RESULT_COLORS = { success: 'green', timeout: 'orange', error: 'red' } as const;
