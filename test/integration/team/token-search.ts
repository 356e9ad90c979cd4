// Where a secret may not be: every file under the given folders (databases, logs, vault files, certificates) and
// every frame any window sent or received. Extends the Chromium token search (test/e2e/security.test.ts) to the
// server's data folder and every client of a team.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Each place that holds the secret: a file's path, or `frame N of <label>`. Empty when it is nowhere. */
export function placesHolding(secret: string, where: { dirs: readonly string[]; frames: readonly { label: string; frames: readonly string[] }[] }): string[] {
  // The secret as bytes, and as the base64 and hex a careless writer might turn it into.
  const forms = [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')];
  const places: string[] = [];
  for (const dir of where.dirs) {
    for (const file of filesUnder(dir)) {
      const bytes = readFileSync(file);
      if (forms.some((f) => bytes.includes(f))) places.push(file);
    }
  }
  for (const { label, frames } of where.frames) {
    frames.forEach((f, i) => {
      if (forms.some((s) => f.includes(s))) places.push(`frame ${i} of ${label}: ${f.slice(0, 120)}`);
    });
  }
  return places;
}
