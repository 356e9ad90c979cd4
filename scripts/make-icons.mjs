// Renders Besked's icon set from the SVGs in resources/: the PNG sizes Linux and the window need, the
// Windows .ico, the macOS .icns, the macOS menu-bar template and the Windows taskbar overlay. The output
// is committed, so packaging and CI never need ImageMagick; run this only after changing an SVG:
//   node scripts/make-icons.mjs        (needs ImageMagick 6 or 7: apt-get install imagemagick)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const res = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');

export const PNG_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** ICNS element types that hold a PNG, by pixel size (the @2x types repeat a size for Retina). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['icp6', 64],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
];

/** An ICNS file: 'icns', total length, then (type, length incl. header, PNG bytes) per element. */
export function icns(elements) {
  const parts = elements.map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

function findConvert() {
  for (const cmd of [process.env.IMAGEMAGICK_CONVERT, 'magick', '/usr/bin/convert', 'convert']) {
    if (!cmd) continue;
    const r = spawnSync(cmd, ['-version'], { encoding: 'utf8' });
    // A stand-in that merely mentions ImageMagick does not count: the real one prints its version.
    if (r.status === 0 && /^Version: ImageMagick/m.test(r.stdout)) return cmd;
  }
  throw new Error('ImageMagick not found: install it (apt-get install imagemagick) or set IMAGEMAGICK_CONVERT.');
}

function render(convert, svg, size, out) {
  // Rasterise at four times the target and shrink, for smooth edges at every size; no timestamps, so a
  // re-run with unchanged SVGs leaves git clean.
  const args = ['-background', 'none', '-density', String(Math.max(96, Math.ceil((size * 4 * 96) / 1024))), svg];
  args.push('-resize', `${size}x${size}`, '-strip', '-define', 'png:exclude-chunks=date,time', `png32:${out}`);
  const r = spawnSync(convert, args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`ImageMagick failed on ${svg} at ${size}px`);
}

function main() {
  const convert = findConvert();
  const icon = join(res, 'icon.svg');
  mkdirSync(join(res, 'icons'), { recursive: true });
  mkdirSync(join(res, 'tray'), { recursive: true });
  const pngPath = (size) => join(res, 'icons', `${size}x${size}.png`);

  for (const size of new Set([...PNG_SIZES, ...ICO_SIZES])) render(convert, icon, size, pngPath(size));
  writeFileSync(join(res, 'icon.png'), readFileSync(pngPath(1024)));

  const ico = spawnSync(convert, [...ICO_SIZES.map(pngPath), join(res, 'icon.ico')], { stdio: 'inherit' });
  if (ico.status !== 0) throw new Error('ImageMagick failed to write icon.ico');

  writeFileSync(join(res, 'icon.icns'), icns(ICNS_TYPES.map(([type, size]) => [type, readFileSync(pngPath(size))])));

  render(convert, join(res, 'tray-template.svg'), 16, join(res, 'tray', 'trayTemplate.png'));
  render(convert, join(res, 'tray-template.svg'), 32, join(res, 'tray', 'trayTemplate@2x.png'));
  render(convert, join(res, 'badge.svg'), 16, join(res, 'tray', 'badge.png'));
  render(convert, join(res, 'badge.svg'), 32, join(res, 'tray', 'badge@2x.png'));
  console.log(`Icons written to ${res}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
