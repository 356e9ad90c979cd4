// The committed icon set: every size each installer and the shell reads, really that size, in the
// container formats Windows and macOS expect.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICNS_TYPES, ICO_SIZES, PNG_SIZES, icns } from '../../../scripts/make-icons.mjs';

const res = join(import.meta.dirname, '..', '..', '..', 'resources');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(buf.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

function icoSizes(buf: Buffer): number[] {
  expect(buf.readUInt16LE(0)).toBe(0);
  expect(buf.readUInt16LE(2)).toBe(1);
  const count = buf.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => buf.readUInt8(6 + i * 16) || 256);
}

function icnsElements(buf: Buffer): { type: string; data: Buffer }[] {
  expect(buf.toString('ascii', 0, 4)).toBe('icns');
  expect(buf.readUInt32BE(4)).toBe(buf.length);
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < buf.length; ) {
    const len = buf.readUInt32BE(at + 4);
    out.push({ type: buf.toString('ascii', at, at + 4), data: buf.subarray(at + 8, at + len) });
    at += len;
  }
  return out;
}

describe('the icon set', () => {
  it.each(PNG_SIZES)('has a %ipx PNG for Linux and the window', (size) => {
    expect(pngSize(readFileSync(join(res, 'icons', `${size}x${size}.png`)))).toEqual({ width: size, height: size });
  });

  it('names every PNG in resources/icons/ by its real size (electron-builder reads the names)', () => {
    for (const f of readdirSync(join(res, 'icons'))) {
      const m = /^(\d+)x(\d+)\.png$/.exec(f);
      expect(m, f).not.toBeNull();
      expect(pngSize(readFileSync(join(res, 'icons', f)))).toEqual({ width: Number(m![1]), height: Number(m![2]) });
    }
  });

  it('has a Windows .ico from 16 up to the 256px the installer requires', () => {
    const sizes = icoSizes(readFileSync(join(res, 'icon.ico')));
    expect(sizes).toEqual(ICO_SIZES);
    expect(Math.max(...sizes)).toBe(256);
  });

  it('has a macOS .icns with a PNG of the right size in every element, up to 1024px', () => {
    const elements = icnsElements(readFileSync(join(res, 'icon.icns')));
    expect(elements.map((e) => e.type)).toEqual(ICNS_TYPES.map(([t]) => t));
    for (const [i, [, size]] of ICNS_TYPES.entries()) {
      expect(pngSize(elements[i]!.data)).toEqual({ width: size, height: size });
    }
  });

  it('writes an .icns whose lengths add up', () => {
    const a = Buffer.from('A');
    const b = Buffer.from('BBB');
    const out = icns([['ic07', a], ['ic08', b]]);
    expect(out.length).toBe(8 + 9 + 11);
    expect(icnsElements(out)).toEqual([
      { type: 'ic07', data: a },
      { type: 'ic08', data: b },
    ]);
  });

  it.each([
    ['tray/trayTemplate.png', 16],
    ['tray/trayTemplate@2x.png', 32],
    ['tray/badge.png', 16],
    ['tray/badge@2x.png', 32],
    ['icon.png', 1024],
  ])('has %s at %ipx', (file, size) => {
    expect(pngSize(readFileSync(join(res, file)))).toEqual({ width: size, height: size });
  });
});
