/** Header heights of the shell: the monitor sizes its full-screen map from them. */
export const HEADER_HEIGHT = 64;
export const PHONE_HEADER_HEIGHT = 56;
/** The shell's content padding below antd's `sm` breakpoint (every phone; src/components/layout/MainLayout.tsx). */
export const PHONE_CONTENT_PADDING = 12;
