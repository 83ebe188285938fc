import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { cutSection, WEBGPU_CUT } from '../../scripts/vite-slim-packages';

const cut = { file: 'x.js', from: '\nlet wasm;\n', to: '\nexport { ', replacement: '\nvar B = 2;' };

describe('cutSection', () => {
  it('replaces the stretch between the markers, keeping both ends', () => {
    const out = cutSection('var A = 1;\nlet wasm;\nvar gpu = 3;\nexport { A, B };', cut);
    expect(out).toBe('var A = 1;\nvar B = 2;\n\nexport { A, B };');
  });

  it('fails when a marker is gone (a package update moved it)', () => {
    expect(() => cutSection('var A = 1;\nexport { A };', cut)).toThrow(/no longer has the markers/);
    expect(() => cutSection('let wasm;\n', { ...cut, from: 'let wasm;' })).toThrow(/x\.js/);
  });

  it('leaves the installed g-device-api its WebGL device and a WebGPU stand-in', () => {
    const code = readFileSync(WEBGPU_CUT.file, 'utf8');
    const out = cutSection(code, WEBGPU_CUT);
    expect(out.length).toBeLessThan(code.length - 50_000);
    expect(out).toContain('var WebGLDeviceContribution =');
    expect(out).not.toContain('var Device_WebGPU =');
    expect(out).toMatch(/var WebGPUDeviceContribution = class/);
  });
});
