import type { Plugin } from 'vite';

/**
 * Build plugin: removes a known stretch of one package file and puts a stand-in after it. For
 * code a bundler cannot drop although nothing uses it: `@antv/g-device-api` ships its WebGL and
 * WebGPU devices in one ES file whose down-levelled classes (`(function (_super) {…}(Base))`) and
 * wasm glue look like side effects, so the unused WebGPU half stays in L7's chunk (page weight,
 * issue 18). The cut is located by two markers; a package update that moves them fails the build
 * instead of shipping a half-cut file.
 */
export interface Cut {
  /** The module's path ends with this (forward slashes). */
  file: string;
  /** The cut starts at the first occurrence of `from` and ends just before the next `to`. */
  from: string;
  to: string;
  /** Code put where the stretch was: stand-ins for what is still imported by name. */
  replacement: string;
}

/** The file's code with the stretch replaced; throws when a marker is missing. */
export function cutSection(code: string, cut: Cut): string {
  const start = code.indexOf(cut.from);
  const end = start < 0 ? -1 : code.indexOf(cut.to, start + cut.from.length);
  if (start < 0 || end < 0) {
    throw new Error(`cutSection: ${cut.file} no longer has the markers ${JSON.stringify(cut.from)} … ${JSON.stringify(cut.to)}`);
  }
  return code.slice(0, start) + cut.replacement + '\n' + code.slice(end);
}

export function cutSections(cuts: readonly Cut[]): Plugin {
  return {
    name: 'fleetgate-cut-section',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const path = id.split('?')[0].replace(/\\/g, '/');
      const cut = cuts.find((c) => path.endsWith(c.file));
      return cut ? { code: cutSection(code, cut), map: null } : null;
    },
  };
}

/**
 * L7's renderer imports both devices and constructs the WebGPU one only with the scene option
 * `enableWebGPU`, which the app never sets (src/maps/scene.ts). The stretch from the wasm
 * GLSL-to-WGSL compiler glue to the WebGPU device's factory is WebGPU-only (its helpers that the
 * WebGL half also needs exist there under `$1` names); the stand-in keeps the export.
 */
export const WEBGPU_CUT: Cut = {
  file: 'node_modules/@antv/g-device-api/es/index.js',
  from: '\nlet wasm;\n',
  to: '\nexport { ',
  replacement:
    "\nvar WebGPUDeviceContribution = class { constructor() { throw new Error('WebGPU is not bundled: L7 scenes use WebGL (scripts/vite-slim-packages.ts)'); } };",
};

/**
 * Build plugin: a package file, wherever it is imported from (relative imports inside the package
 * included), is replaced by one of ours. For an index that registers every variant of something
 * (L7's layer model tables) when the app uses a few: aliases only match import strings, and these
 * are relative (`./models`, `./models/index`, `./models/`). Keys end the resolved file's path.
 */
export function replaceFiles(files: Readonly<Record<string, string>>): Plugin {
  const entries = Object.entries(files);
  return {
    name: 'fleetgate-replace-files',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer || !importer.includes('node_modules')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const path = resolved?.id.split('?')[0].replace(/\\/g, '/');
      const hit = path ? entries.find(([file]) => path.endsWith(file)) : undefined;
      return hit ? hit[1] : null;
    },
  };
}
