// Runs the keychain tests against a real gnome-keyring on a private D-Bus session, as the machine facts
// prescribe, so the vault is proven on the Secret Service and not on a fake.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

if (process.platform !== 'linux') {
  console.log('keychain tests run on Linux only (gnome-keyring); on this OS the vault uses the system keychain directly.');
  process.exit(0);
}
for (const tool of ['dbus-run-session', 'gnome-keyring-daemon']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
    console.error(`${tool} is missing: install it with apt-get install -y gnome-keyring dbus-daemon (bash .ci/run does).`);
    process.exit(1);
  }
}
mkdirSync(join(homedir(), '.cache'), { recursive: true });
mkdirSync(join(homedir(), '.local', 'share', 'keyrings'), { recursive: true });
const inner = 'eval "$(printf "\\n" | gnome-keyring-daemon --unlock --components=secrets)"; npx vitest run --project keychain';
const r = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], { stdio: 'inherit' });
process.exit(r.status ?? 1);
