import type { TFunction } from 'i18next';
import { RUN_STATE } from '../../domain/codes';
import type { ExpiryBadge } from '../../domain/device-view';
import { durationParts, type RunState } from '../../domain/run-state';

/** "2 d 3 h", "12 min": units are words of the monitor namespace, numbers stay numbers. */
export function durationText(t: TFunction, ms: number): string {
  return durationParts(ms)
    .map((p) => t(`monitor:duration.${p.unit}`, { count: p.count }))
    .join(' ');
}

/** The list's run-state text (spec section 4): "Stopped 12 min", "Driving 45 km/h", … */
export function runStateText(t: TFunction, rs: RunState, now: number): string {
  switch (rs.kind) {
    case 'stopped':
      return t('monitor:state.stopped', { duration: durationText(t, now - rs.since) });
    case 'driving':
      return t('monitor:state.driving', { speed: Math.round(rs.speed) });
    case 'online':
      return t('monitor:state.online');
    case 'offline':
      return rs.since == null
        ? t('monitor:state.offline')
        : t('monitor:state.offlineFor', { duration: durationText(t, now - rs.since) });
    case 'inactive':
      return t('monitor:state.inactive');
    case 'expired':
      return t('monitor:state.expired');
  }
}

/** Colour of a run state, shared by the list and the panel; fast and overspeed stand out. */
export function runStateColor(rs: RunState): string {
  if (rs.code === RUN_STATE.overspeed) return '#cf1322';
  if (rs.code === RUN_STATE.fast) return '#d46b08';
  return RUN_STATE_COLOR[rs.kind];
}

const RUN_STATE_COLOR: Record<RunState['kind'], string> = {
  driving: '#52c41a',
  stopped: '#1677ff',
  online: '#13c2c2',
  offline: '#8c8c8c',
  inactive: '#bfbfbf',
  expired: '#ff4d4f',
};

/** The one date formatter (account zone, YYYY-MM-DD HH:mm:ss), under the names the monitor imports. */
export { formatDate, formatDateTime } from '../../domain/date-format';

/** The expiry badge's words: the days actually left (issue 32), not the band's bound. */
export function expiryBadgeText(t: TFunction, badge: ExpiryBadge): string {
  if (badge.band === 'expired') return t('monitor:expiry.expired');
  if (badge.days <= 0) return t('monitor:expiry.today');
  if (badge.days === 1) return t('monitor:expiry.tomorrow');
  return t('monitor:expiry.inDays', { days: badge.days });
}

