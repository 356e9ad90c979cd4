// A private keychain for E2E runs that restart Besked: its own D-Bus session bus and gnome-keyring (Secret Service)
// on throw-away folders, outliving the Besked processes it serves, so a token saved before a kill is there after it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeychainSession {
  /** Environment for a Besked process that should use this keychain. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function startKeychainSession(): Promise<KeychainSession> {
  for (const tool of ['dbus-daemon', 'gnome-keyring-daemon']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
      throw new Error(`${tool} is missing: install gnome-keyring and dbus-daemon (.ci/run does) so the crash test has a keychain that survives a kill.`);
    }
  }
  const root = mkdtempSync(join(tmpdir(), 'besked-keyring-'));
  chmodSync(root, 0o700);
  const dataHome = join(root, 'data');
  mkdirSync(dataHome);
  const base = { ...process.env, XDG_RUNTIME_DIR: root, XDG_DATA_HOME: dataHome, HOME: root };

  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--nopidfile', '--print-address=1'], { env: base, stdio: ['ignore', 'pipe', 'pipe'] });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('dbus-daemon did not print its address')), 10_000);
    bus.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl).trim());
      }
    });
    bus.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code}`)));
  });
  const env = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env, stdio: ['pipe', 'ignore', 'ignore'] });
  // The login keyring's (empty) password on stdin, as the CI's keychain tests do.
  keyring.stdin!.end('\n');
  // Ready when the Secret Service answers on the bus, asked the way Besked asks it.
  const probe = `require('@napi-rs/keyring');const {AsyncEntry}=require('@napi-rs/keyring');new AsyncEntry('besked-probe','probe',{linux:{store:'secret-service'}}).getPassword().then(()=>process.exit(0),()=>process.exit(1))`;
  const until = Date.now() + 15_000;
  for (;;) {
    if (keyring.exitCode !== null) throw new Error(`gnome-keyring-daemon exited with ${keyring.exitCode}`);
    // The login keyring (the default collection) must exist too, or the first save finds nowhere to go.
    if (existsSync(join(dataHome, 'keyrings', 'login.keyring')) && spawnSync(process.execPath, ['-e', probe], { env, timeout: 5_000 }).status === 0) break;
    if (Date.now() > until) {
      await stopChild(keyring);
      await stopChild(bus);
      throw new Error('the private keychain did not answer within 15 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address, XDG_RUNTIME_DIR: root, XDG_DATA_HOME: dataHome },
    stop: async () => {
      await stopChild(keyring);
      await stopChild(bus);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
