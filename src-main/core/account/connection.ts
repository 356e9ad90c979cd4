// Decides where gateway calls go right now: the live platform with the keychain's token, or the sandbox.
import type { ConnectionCheck, ConnectionState, Platform } from '../../../src-shared/contract';
import type { SettingsStore } from '../settings';
import type { TokenVault } from '../secrets/vault';
import type { Logger } from '../log';
import type { SandboxGateway } from './sandbox';

export interface GatewayTarget {
  mode: 'sandbox' | 'live';
  platform: Platform;
  messagingUrl: string;
  legacyUrl: string;
  token: string;
}

export class Connection {
  /** Tokens read from the vault, kept only in this process so each request does not ask the keychain again. */
  private readonly tokens = new Map<Platform, string | null>();
  /** The last test of each platform's stored token in this run (settings/connection-test.ts records it). */
  private readonly checks = new Map<Platform, ConnectionCheck>();

  constructor(
    private readonly settings: SettingsStore,
    private readonly vault: TokenVault,
    private readonly sandbox: SandboxGateway,
    private readonly log: Logger,
  ) {}

  async token(platform: Platform): Promise<string | null> {
    if (!this.tokens.has(platform)) {
      const t = await this.vault.get(platform);
      if (t) this.log.addSecret(t);
      this.tokens.set(platform, t);
    }
    return this.tokens.get(platform) ?? null;
  }

  async setToken(platform: Platform, token: string): Promise<void> {
    this.log.addSecret(token);
    await this.vault.set(platform, token);
    this.tokens.set(platform, token);
    this.checks.delete(platform);
  }

  async clearToken(platform: Platform): Promise<void> {
    await this.vault.delete(platform);
    this.tokens.set(platform, null);
    this.checks.delete(platform);
  }

  /** Keeps a typed token out of the log, though it is only tested and never stored. */
  hideSecret(token: string): void {
    this.log.addSecret(token);
  }

  /** The result of testing a platform's stored token; what the screens say about its connection until the next. */
  recordCheck(platform: Platform, check: ConnectionCheck): void {
    this.checks.set(platform, check);
  }

  /** Forgets a platform's last test when what it tested changed (its addresses). */
  forgetCheck(platform: Platform): void {
    this.checks.delete(platform);
  }

  async state(): Promise<ConnectionState> {
    const s = this.settings.get();
    const hasToken = { default: !!(await this.token('default')), eu: !!(await this.token('eu')) };
    const ep = s.endpoints[s.platform];
    const platformName = s.platform === 'eu' ? 'EU' : 'default';
    let mode: 'sandbox' | 'live' = 'sandbox';
    let reason: string;
    if (s.sandbox) reason = 'Sandbox is switched on in Settings: messages go to the built-in test gateway, nobody receives them.';
    else if (!hasToken[s.platform])
      reason = `No API token is set for the ${platformName} platform, so Besked uses its built-in test gateway. Add a token in Settings to send for real.`;
    else if (!ep.legacyUrl || !ep.messagingUrl)
      reason = `Enter both gateway addresses for the ${platformName} platform in Settings to send for real.`;
    else {
      mode = 'live';
      reason = `Connected to the gateway's ${platformName} platform.`;
    }
    const keychain = { kind: this.vault.kind, ...(this.vault.message ? { message: this.vault.message } : {}) };
    const check = this.checks.get(s.platform) ?? { result: 'untested', at: null, error: null };
    return { mode, reason, hasToken, keychain, check };
  }

  /** Where the next gateway request goes. The sandbox starts on first use. */
  async target(): Promise<GatewayTarget> {
    const s = this.settings.get();
    const st = await this.state();
    if (st.mode === 'live') {
      const ep = s.endpoints[s.platform];
      return { mode: 'live', platform: s.platform, messagingUrl: ep.messagingUrl, legacyUrl: ep.legacyUrl, token: (await this.token(s.platform))! };
    }
    const sb = await this.sandbox.target();
    return { mode: 'sandbox', platform: s.platform, messagingUrl: sb.url, legacyUrl: sb.url, token: sb.token };
  }
}
