/** Colours and zooms of the outlines basemap, shared by the L7 map and the light map. */

/** Sea colour (land is drawn over it); also the background under raster tiles still loading. */
export const OFFLINE_BACKGROUND = '#c9dcef';
export const LAND = '#f4f1ea';
export const BORDER = '#9a9a9a';
export const PROVINCE = '#b8b3a7';
export const NAME = '#5c5c5c';
/** Province outlines from this zoom. */
export const PROVINCES_FROM = 3;
/** Country names are drawn between these zooms, province names between the next two. */
export const COUNTRY_NAMES = [3, 7] as const;
export const PROVINCE_NAMES = [4, 9] as const;
/** Place names are drawn up to this zoom. */
export const NAMES_UP_TO = PROVINCE_NAMES[1];
