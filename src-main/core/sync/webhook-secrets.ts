// The webhook receiver's signing secrets, kept in the OS keychain like the API token (never in SQLite or a log).
import type { Logger } from '../log';
import type { TokenVault } from '../secrets/vault';

export type WebhookKind = 'messaging' | 'legacy';

export class WebhookSecrets {
  private readonly cache = new Map<WebhookKind, string | null>();

  constructor(
    private readonly vault: TokenVault,
    private readonly log: Logger,
  ) {}

  async get(kind: WebhookKind): Promise<string | null> {
    if (!this.cache.has(kind)) {
      const s = await this.vault.get(`webhook:${kind}`);
      if (s) this.log.addSecret(s);
      this.cache.set(kind, s);
    }
    return this.cache.get(kind) ?? null;
  }

  async both(): Promise<{ messaging: string | null; legacy: string | null }> {
    return { messaging: await this.get('messaging'), legacy: await this.get('legacy') };
  }

  async present(): Promise<{ messaging: boolean; legacy: boolean }> {
    const b = await this.both();
    return { messaging: b.messaging !== null, legacy: b.legacy !== null };
  }

  async set(kind: WebhookKind, secret: string): Promise<void> {
    this.log.addSecret(secret);
    await this.vault.set(`webhook:${kind}`, secret);
    this.cache.set(kind, secret);
  }

  async clear(kind: WebhookKind): Promise<void> {
    await this.vault.delete(`webhook:${kind}`);
    this.cache.set(kind, null);
  }
}
