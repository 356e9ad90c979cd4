// What the settings card and the header say about the connection: in Sandbox why (connection-reason.ts); live, the
// last test of the token as the core keeps it (connected, refused with the gateway's reason, unreachable, or not
// tested yet), so no screen says "connected" for a token the gateway never accepted.
import type { AppError } from '../../../src-shared/errors';
import type { ConnectionState, Settings } from '../../../src-shared/contract';
import { connectionReason } from './connection-reason';

type Translate = (key: string, named: Record<string, string>) => string;

export interface ConnectionStatus {
  /** The colour of the card's notice and the header's tag. */
  type: 'success' | 'error' | 'warning' | 'info';
  /** The header's tag: Sandbox, or Live with the test's result. */
  tag: string;
  /** The card's title. */
  title: string;
  /** Why, in a sentence: the header's tooltip and screen-reader text, the card's body. */
  text: string;
}

export function connectionStatus(
  settings: Pick<Settings, 'sandbox' | 'platform' | 'endpoints'>,
  connection: Pick<ConnectionState, 'mode' | 'reason' | 'hasToken' | 'check'>,
  t: Translate,
  errorText: (e: AppError) => string,
): ConnectionStatus {
  if (connection.mode === 'sandbox') {
    return { type: 'warning', tag: t('header.sandbox', {}), title: t('settings.modeSandbox', {}), text: connectionReason(settings, connection, t) };
  }
  const platform = t(`settings.platformName.${settings.platform}`, {});
  const { result, error } = connection.check;
  const type = result === 'connected' ? 'success' : result === 'refused' ? 'error' : result === 'unreachable' ? 'warning' : 'info';
  const because = error ? errorText(error) : '';
  return {
    type,
    tag: t(`connection.tag.${result}`, {}),
    title: t(`connection.title.${result}`, {}),
    text: t(`connection.text.${result}`, { platform, because }),
  };
}
