// Why Besked is in Sandbox or live, in the UI's language, for the settings page. The core says it in English; the
// same facts (Sandbox switch, token, addresses) are in the settings view, so the reason is worded here. Where the
// core's mode disagrees with what these facts say, the core knows something they do not: its own words are shown.
import type { ConnectionState, Settings } from '../../../src-shared/contract';

type Translate = (key: string, named: Record<string, string>) => string;

export function connectionReason(settings: Pick<Settings, 'sandbox' | 'platform' | 'endpoints'>, connection: Pick<ConnectionState, 'mode' | 'reason' | 'hasToken'>, t: Translate): string {
  const platform = t(`settings.platformName.${settings.platform}`, {});
  const ep = settings.endpoints[settings.platform];
  const [key, mode] = settings.sandbox
    ? (['sandbox', 'sandbox'] as const)
    : !connection.hasToken[settings.platform]
      ? (['noToken', 'sandbox'] as const)
      : !ep.legacyUrl || !ep.messagingUrl
        ? (['noAddresses', 'sandbox'] as const)
        : (['connected', 'live'] as const);
  return mode === connection.mode ? t(`settings.reason.${key}`, { platform }) : connection.reason;
}
