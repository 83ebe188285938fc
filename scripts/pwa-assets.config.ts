import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

// The PWA icons in public/icons/ (docs/mobile.md): 64/192/512 px, a maskable 512 px on the brand
// blue so the launcher's mask never shows a white ring, and the 180 px Apple touch icon.
// Regenerate with: npx pwa-assets-generator -c scripts/pwa-assets.config.ts
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: '#1677ff' } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: '#1677ff' } },
  },
  images: ['public/icons/icon.svg'],
});
