/** Header heights of the shell: the monitor sizes its full-screen map from them. */
export const HEADER_HEIGHT = 64;
export const PHONE_HEADER_HEIGHT = 56;
/** ThemedLayout's content padding below antd's `sm` breakpoint (every phone). */
export const PHONE_CONTENT_PADDING = 12;
