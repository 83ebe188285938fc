/**
 * How a fence radius is shown (spec section 9): under 1,000 m in whole metres, else in
 * kilometres with two decimals. Pure, shared by the list and the detail.
 */
export function formatRadius(meters: number | null | undefined): string {
  if (meters == null || !Number.isFinite(meters)) return '';
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(meters / 1000).toFixed(2)} km`;
}
