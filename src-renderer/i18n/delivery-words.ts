// A delivery state in the UI's language: its short label and what it means for the shop owner, with the gateway's
// own status where that says more (the same choice the core makes for its English words).
import { describeGatewayStatus, type BeskedState, type StatusSource } from '../../src-shared/delivery-status';

interface Translator {
  t(key: string): string;
  te(key: string): boolean;
}

export function deliveryWords(status: BeskedState, gatewayStatus: string | null, source: StatusSource, i18n: Translator): { label: string; explanation: string } {
  const described = gatewayStatus ? describeGatewayStatus(source, gatewayStatus) : null;
  const detail = described && described.state === status ? `deliveryHelp.${source}.${described.gatewayStatus}` : null;
  return {
    label: i18n.t(`sync.status.${status}`),
    explanation: i18n.t(detail && i18n.te(detail) ? detail : `deliveryHelp.state.${status}`),
  };
}
