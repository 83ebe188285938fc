/**
 * What a shape drawn on the map is for. Fences are allocated to devices; the others apply to
 * every vehicle of the owner's subtree: a risk point (a circle) raises an alarm on entry, a
 * check-car area (a polygon) or point (a circle) records each vehicle's visits.
 */
export const AREA_PURPOSES = ['fence', 'risk', 'checkArea', 'checkPoint'] as const;
export type AreaPurpose = (typeof AREA_PURPOSES)[number];
